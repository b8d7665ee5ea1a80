import { useLingui } from '@lingui/react/macro';
import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { actorsQuery } from '../api';

type Props = Omit<SelectProps<number>, 'data' | 'value' | 'onChange'> & {
  value: number | null;
  onChange: (id: number | null) => void;
  'data-testid'?: string;
};

/** Chooses a staff account (the audit's actor). */
export function ActorSelect({ value, onChange, placeholder, ...props }: Props) {
  const { t } = useLingui();
  const { data, isLoading } = useQuery(actorsQuery());
  return (
    <Select<number>
      {...props}
      data={(data?.items ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.userName})` }))}
      value={value}
      onChange={(v) => onChange(v)}
      placeholder={isLoading ? t`Loading…` : placeholder}
      nothingFoundMessage={t`No staff accounts`}
      searchable
      clearable
    />
  );
}
