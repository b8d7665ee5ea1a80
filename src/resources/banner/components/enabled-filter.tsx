import { useLingui } from '@lingui/react/macro';
import { Select } from '../../../components/floating';
import { FILTER_WIDTH } from '../../../components/resource/list/list-filters';
import type { FilterRenderProps } from '../../../components/resource/types';
import { BANNER_ENABLED_OPTIONS } from '../model';

/** The Enabled filter: the URL and the page body hold a boolean, the select speaks strings. */
export function EnabledFilter({ value, onChange, label, ariaLabel, testId }: Omit<FilterRenderProps, 'values'>) {
  const { i18n } = useLingui();
  return (
    <Select
      aria-label={ariaLabel}
      placeholder={label}
      data-testid={testId}
      data={BANNER_ENABLED_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(v === null ? undefined : v === 'true')}
      clearable
      w={{ base: '100%', sm: FILTER_WIDTH }}
    />
  );
}

/** "Enabled" / "Disabled" (the conflict comparison). */
export function EnabledLabel({ on }: { on?: boolean }) {
  const { i18n } = useLingui();
  const option = BANNER_ENABLED_OPTIONS[on ? 0 : 1];
  return <>{option ? i18n._(option.label) : ''}</>;
}
