import { Trans } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { categoryListQuery } from '../../../components/pickers/picker-queries';

/**
 * What an empty Books list says to do first: every book is in a category, so on a fresh site that
 * is making one; once there are categories, New book.
 */
export function BooksEmptyHint() {
  const categories = useQuery(categoryListQuery());
  if (!categories.data) return null;
  return categories.data.length === 0 ? (
    <span data-testid="books-empty-hint">
      <Trans>
        Every book belongs to a category:{' '}
        <Anchor component={Link} to="/web/category" inherit>
          create a category
        </Anchor>{' '}
        first, then add books with New book.
      </Trans>
    </span>
  ) : (
    <span data-testid="books-empty-hint">
      <Trans>Add the first book with New book, or import a CSV file.</Trans>
    </span>
  );
}
