import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type IdOption, type IdPickerProps, IdSelect } from './id-select';
import { knownNameIn } from './known-names';
import { categoryListQuery } from './picker-queries';

/** Chooses a category from `GET /category/list`. */
export function CategorySelect(props: IdPickerProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery(categoryListQuery());
  const options = data?.map((c) => ({ value: c.id, label: c.name }));
  return (
    <IdSelect
      {...props}
      options={options}
      known={knownOption(options, props.value, (id) => knownNameIn(queryClient, { categoryId: id }, 'categoryName'))}
      loading={isLoading}
      nothingFoundMessage={t`No categories`}
    />
  );
}

/**
 * The value's option by the name a loaded record gives it, looked for only when the list lacks it
 * (offline with no copy of the list on this device, or while it loads).
 */
export function knownOption(
  options: readonly IdOption[] | undefined,
  value: number | null | undefined,
  nameOf: (id: number) => string | undefined,
): IdOption | undefined {
  if (value == null || options?.some((o) => o.value === value)) return undefined;
  const label = nameOf(value);
  return label === undefined ? undefined : { value, label };
}
