import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type IdPickerProps, IdSelect } from './id-select';
import { categoryListQuery } from './picker-queries';

/** Chooses a category from `GET /category/list`. */
export function CategorySelect(props: IdPickerProps) {
  const { t } = useLingui();
  const { data, isLoading } = useQuery(categoryListQuery());
  return (
    <IdSelect
      {...props}
      options={data?.map((c) => ({ value: c.id, label: c.name }))}
      loading={isLoading}
      nothingFoundMessage={t`No categories`}
    />
  );
}
