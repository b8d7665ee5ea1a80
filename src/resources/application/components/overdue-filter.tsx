import { useLingui } from '@lingui/react/macro';
import { Select } from '../../../components/floating';
import { FILTER_WIDTH } from '../../../components/resource/list/list-filters';
import type { FilterRenderProps } from '../../../components/resource/types';

/** The Loans filter: overdue loans only, or every other request; the URL holds a boolean. */
export function OverdueFilter({ value, onChange, label, ariaLabel, testId }: Omit<FilterRenderProps, 'values'>) {
  const { t } = useLingui();
  return (
    <Select
      aria-label={ariaLabel}
      placeholder={label}
      data-testid={testId}
      data={[
        { value: 'true', label: t`Overdue` },
        { value: 'false', label: t`Not overdue` },
      ]}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(v === null ? undefined : v === 'true')}
      clearable
      w={{ base: '100%', sm: FILTER_WIDTH }}
    />
  );
}
