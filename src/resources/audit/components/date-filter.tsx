import { TextInput } from '@mantine/core';
import type { FilterRenderProps } from '../../../components/resource/types';

/** A day (YYYY-MM-DD) for the audit's date range: the browser's date picker, keyboard included. */
export function DateFilter({ value, onChange, label, ariaLabel, testId }: FilterRenderProps) {
  return (
    <TextInput
      type="date"
      aria-label={ariaLabel}
      placeholder={label}
      data-testid={testId}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value || undefined)}
      w={{ base: '100%', sm: 176 }}
      leftSection={
        <span style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>{label}</span>
      }
      leftSectionWidth={48}
    />
  );
}
