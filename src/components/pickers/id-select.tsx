import { useLingui } from '@lingui/react/macro';
import type { SelectProps } from '@mantine/core';
import { Select } from '../floating';

export type IdPickerProps = Omit<SelectProps<number>, 'data' | 'value' | 'onChange'> & {
  value?: number | null;
  onChange: (id: number | null) => void;
  'data-testid'?: string;
};

/**
 * A searchable choice of one record by id among `options` (undefined while they load: the
 * placeholder says so); the pickers of categories, subclasses and staff accounts.
 */
export function IdSelect({
  options,
  loading,
  value,
  onChange,
  placeholder,
  ...props
}: IdPickerProps & { options: { value: number; label: string }[] | undefined; loading: boolean }) {
  const { t } = useLingui();
  return (
    <Select<number>
      {...props}
      data={options ?? []}
      value={value ?? null}
      onChange={(v) => onChange(v)}
      placeholder={loading ? t`Loading…` : placeholder}
      searchable
    />
  );
}
