import { Trans } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CategorySelect } from '../../../components/pickers/category-select';
import type { IdPickerProps } from '../../../components/pickers/id-select';
import { categoryListQuery } from '../../../components/pickers/picker-queries';

/**
 * The book form's category. A book needs one, and a fresh site has none: the picker then says
 * where to make the first one instead of an empty "No categories" and no way on.
 */
export function BookCategoryField(props: IdPickerProps) {
  const categories = useQuery(categoryListQuery());
  const none = categories.data?.length === 0;
  return (
    <CategorySelect
      {...props}
      description={
        none ? (
          <Trans>
            No categories yet: a book needs one.{' '}
            <Anchor component={Link} to="/web/category" size="xs" data-testid="create-category-link">
              Create a category
            </Anchor>
          </Trans>
        ) : (
          props.description
        )
      }
    />
  );
}
