import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { categoryListQuery } from './picker-queries';

export type IdPickerProps = Omit<SelectProps<number>, 'data' | 'value' | 'onChange'> & {
  value?: number | null;
  onChange: (id: number | null) => void;
  'data-testid'?: string;
};

/** Chooses a category from `GET /category/list`. */
export function CategorySelect({ value, onChange, placeholder, ...props }: IdPickerProps) {
  const { t } = useLingui();
  const { data, isLoading } = useQuery(categoryListQuery());
  return (
    <Select<number>
      {...props}
      data={(data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      value={value ?? null}
      onChange={(v) => onChange(v)}
      placeholder={isLoading ? t`Loading…` : placeholder}
      nothingFoundMessage={t`No categories`}
      searchable
    />
  );
}
