import { useLingui } from '@lingui/react/macro';
import type { SelectProps } from '@mantine/core';
import { Select } from '../floating';

export type IdPickerProps = Omit<SelectProps<number>, 'data' | 'value' | 'onChange'> & {
  value?: number | null;
  onChange: (id: number | null) => void;
  'data-testid'?: string;
};

export interface IdOption {
  value: number;
  label: string;
}

/**
 * The options with the value's own option added when they lack it: a picker whose list cannot be
 * loaded (offline) or has not come yet still shows the value by its name (see known-names.ts).
 */
export function withKnown(options: IdOption[] | undefined, known: IdOption | undefined): IdOption[] | undefined {
  if (!known || options?.some((o) => o.value === known.value)) return options;
  return [...(options ?? []), known];
}

/**
 * A searchable choice of one record by id among `options` (undefined while they load: the
 * placeholder says so); the pickers of categories, subclasses and staff accounts.
 */
export function IdSelect({
  options,
  known,
  loading,
  value,
  onChange,
  placeholder,
  ...props
}: IdPickerProps & {
  options: IdOption[] | undefined;
  /** The value's own option, when the picker knows its name without its list. */
  known?: IdOption;
  loading: boolean;
}) {
  const { t } = useLingui();
  const data = withKnown(options, known && known.value === value ? known : undefined);
  return (
    <Select<number>
      {...props}
      data={data ?? []}
      value={value ?? null}
      onChange={(v) => onChange(v)}
      placeholder={loading && !data ? t`Loading…` : placeholder}
      searchable
    />
  );
}
