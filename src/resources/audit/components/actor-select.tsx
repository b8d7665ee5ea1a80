import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type IdPickerProps, IdSelect } from '../../../components/pickers/id-select';
import { actorsQuery } from '../api';

/** Chooses a staff account (the audit's actor). */
export function ActorSelect(props: IdPickerProps & { value: number | null }) {
  const { t } = useLingui();
  const { data, isLoading } = useQuery(actorsQuery());
  return (
    <IdSelect
      {...props}
      options={data?.items.map((s) => ({ value: s.id, label: `${s.name} (${s.userName})` }))}
      loading={isLoading}
      nothingFoundMessage={t`No staff accounts`}
      clearable
    />
  );
}
