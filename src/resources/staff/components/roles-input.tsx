import { useLingui } from '@lingui/react/macro';
import { Badge, MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { Role } from '../../../contract/auth';
import { ROLE_OPTIONS } from '../model';

/** Roles of a staff account: admin and/or operator, shown as coloured badges in the options. */
export function RolesInput(props: Omit<MultiSelectProps, 'data'>) {
  const { i18n } = useLingui();
  const color = (v: string) => ROLE_OPTIONS.find((o) => o.value === v)?.color;
  return (
    <MultiSelect
      {...props}
      data={ROLE_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
      renderOption={({ option }) => (
        <Badge variant="light" color={color(option.value as Role)} radius="sm">
          {option.label}
        </Badge>
      )}
      hidePickedOptions
    />
  );
}
