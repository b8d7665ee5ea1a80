import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { knownOption } from './category-select';
import { type IdPickerProps, IdSelect } from './id-select';
import { knownNameIn } from './known-names';
import { allSubclassesQuery, subclassesOf } from './picker-queries';

/**
 * Chooses a subclass of `categoryId` from `GET /category/subclass/list`. Disabled until a category
 * is chosen; whoever owns the category clears this value when the category changes.
 */
export function SubclassSelect({
  categoryId,
  value,
  onChange,
  placeholder,
  ...props
}: IdPickerProps & { categoryId: number | null | undefined }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // Loaded even before a category is chosen, so the list is cached for offline use.
  const { data: all, isLoading } = useQuery(allSubclassesQuery());
  const data = all && categoryId ? subclassesOf(all, categoryId) : undefined;
  // A value the chosen category does not own (the category changed, or a stale URL) is cleared,
  // so a filter or form can never hold a subclass of another category.
  const orphan = value != null && (!categoryId || (data !== undefined && !data.some((s) => s.id === value)));
  // Once per orphaning, not per render: in a filter, onChange is a navigation that takes a moment.
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  useEffect(() => {
    if (orphan) latestOnChange.current(null);
  }, [orphan]);

  const options = categoryId ? data?.map((s) => ({ value: s.id, label: s.name })) : [];
  // Without the list (offline), a record of this category names its subclass.
  const known = categoryId
    ? knownOption(options, value, (id) => knownNameIn(queryClient, { subclassId: id, categoryId }, 'subclassName'))
    : undefined;
  return (
    <IdSelect
      {...props}
      options={options}
      known={known}
      loading={Boolean(categoryId) && isLoading}
      value={value}
      onChange={onChange}
      disabled={!categoryId || props.disabled}
      placeholder={categoryId ? placeholder : (placeholder ?? t`Choose a category first`)}
      title={categoryId ? undefined : t`Choose a category first`}
      nothingFoundMessage={t`No subclasses`}
    />
  );
}
