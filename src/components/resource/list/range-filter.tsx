import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Group, Input, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { rangeInverted } from '../../../contract/range';
import type { RangeSpec } from '../../../contract/resource-spec';
import { fieldMessage } from '../../../lib/field-messages';
import { DayInput } from '../form/date-input';
import type { FilterDef } from '../types';
import { KEYWORD_DEBOUNCE_MS } from './keyword-search';
import { dayFilter, type FilterValue, numberFilter } from './list-search';

/** A spec's range as a filter of the bar: `name` is the spec's key, the URL holds its two params. */
export const rangeFilter = (name: string, spec: RangeSpec, label: MessageDescriptor): FilterDef => ({
  name,
  label,
  range: { kind: spec.kind, params: spec.params },
});

interface Props {
  kind: RangeSpec['kind'];
  params: RangeSpec['params'];
  /** Translated label ("Stock", "Created"). */
  label: string;
  lower: FilterValue;
  upper: FilterValue;
  onChange: (patch: Record<string, FilterValue>) => void;
}

const text = (v: FilterValue) => (v === undefined ? '' : String(v));

/**
 * Two inputs for a range: numbers (native number inputs, so the keyboard's arrows step) or days
 * (written in the console's language with the browser's calendar a button away, date-input.tsx;
 * no date package in the bundle). Numbers reach the
 * URL as they are typed (after the search box's pause), on Enter or when focus leaves; days when
 * one is picked. An end before the start is shown
 * under the end, in the user's language, and not sent.
 */
export function RangeFilter({ kind, params, label, lower, upper, onChange }: Props) {
  const { t } = useLingui();
  const errorId = useId();
  const [draft, setDraft] = useState({ lower: text(lower), upper: text(upper) });
  // What these inputs last sent. A URL value that differs came from elsewhere (reset, a saved
  // view, Back) and the inputs follow it; our own echo must not, or it would eat the digits typed
  // while the debounce ran (as the search box, keyword-search.tsx).
  const sent = useRef({ lower, upper });
  useEffect(() => {
    if (lower === sent.current.lower && upper === sent.current.upper) return;
    sent.current = { lower, upper };
    setDraft({ lower: text(lower), upper: text(upper) });
  }, [lower, upper]);

  const parse = kind === 'numberRange' ? numberFilter : dayFilter;
  const inverted = rangeInverted(kind, parse(draft.lower), parse(draft.upper));

  // A day typed halfway (dates are written in the console's language, date-input.tsx) is not sent.
  const unread = (s: string) => kind === 'dateRange' && s.trim() !== '' && dayFilter(s) === undefined;
  const commit = (next: { lower: string; upper: string }) => {
    typed.cancel();
    if (unread(next.lower) || unread(next.upper)) return;
    const lo = parse(next.lower);
    const hi = parse(next.upper);
    if (rangeInverted(kind, lo, hi) || (lo === sent.current.lower && hi === sent.current.upper)) return;
    sent.current = { lower: lo, upper: hi };
    onChange({ [params[0]]: lo, [params[1]]: hi });
  };
  // Numbers apply as they are typed, once the typing pauses (as the search box does).
  const typed = useDebouncedCallback((next: { lower: string; upper: string }) => commit(next), KEYWORD_DEBOUNCE_MS);
  // Leaving the list drops a bound not yet sent (a late one would replace the navigation).
  const router = useRouter();
  useEffect(() => router.subscribe('onBeforeNavigate', (e) => e.pathChanged && typed.cancel()), [router, typed]);

  const dates = kind === 'dateRange';
  const input = (end: 'lower' | 'upper') => {
    const name = params[end === 'lower' ? 0 : 1];
    const ariaLabel = end === 'lower' ? t`${label}: from` : t`${label}: to`;
    if (dates) {
      // The day in the console's language, not the browser's (a native date input's mm/dd/yyyy).
      return (
        <DayInput
          aria-label={ariaLabel}
          data-testid={`filter-${name}`}
          value={draft[end]}
          withAria={false}
          error={end === 'upper' && inverted}
          aria-invalid={end === 'upper' && inverted ? true : undefined}
          aria-describedby={end === 'upper' && inverted ? errorId : undefined}
          onChange={(value) => {
            const next = { ...draft, [end]: value };
            setDraft(next);
            commit(next);
          }}
          onBlur={() => commit(draft)}
          w={150}
        />
      );
    }
    return (
      <Input
        type="number"
        inputMode="numeric"
        aria-label={ariaLabel}
        placeholder={end === 'lower' ? t`Min` : t`Max`}
        data-testid={`filter-${name}`}
        value={draft[end]}
        // The message sits under the pair (a 88 px input would wrap it to three lines); the end
        // input is marked invalid and described by it.
        // The bare input (the pair has one label): Mantine would put its own empty aria-describedby
        // over ours, so the aria attributes are ours.
        withAria={false}
        error={end === 'upper' && inverted}
        aria-invalid={end === 'upper' && inverted ? true : undefined}
        aria-describedby={end === 'upper' && inverted ? errorId : undefined}
        onChange={(e) => {
          const next = { ...draft, [end]: e.currentTarget.value };
          setDraft(next);
          typed(next);
        }}
        onBlur={() => commit(draft)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(draft);
        }}
        w={88}
      />
    );
  };

  return (
    <Stack gap={2} role="group" aria-label={t`Filter: ${label}`}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" c="dimmed" aria-hidden>
          {label}
        </Text>
        {input('lower')}
        <Text size="sm" c="dimmed" aria-hidden>
          –
        </Text>
        {input('upper')}
      </Group>
      {inverted && (
        <Text id={errorId} size="xs" c="var(--mantine-color-error)" data-testid={`filter-${params[1]}-error`}>
          {fieldMessage({ code: 'range_order' })}
        </Text>
      )}
    </Stack>
  );
}
