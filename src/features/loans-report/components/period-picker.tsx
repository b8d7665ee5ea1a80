import { useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { DayInput } from '../../../components/resource/form/date-input';
import { type Period, PRESETS, type Preset, periodProblem, presetOf, presetPeriod } from '../model';

interface Props {
  period: Period;
  today: string;
  onChange: (p: Period) => void;
}

/**
 * The period: three presets (pressed when the period is one) and the two days, written in the
 * console's language (date-input.tsx). A day applies once both ends are days in order.
 */
export function PeriodPicker({ period, today, onChange }: Props) {
  const { t } = useLingui();
  const errorId = useId();
  const [draft, setDraft] = useState(period);
  // A period set from elsewhere (a preset, the URL, Back) replaces what the inputs hold.
  useEffect(() => setDraft({ from: period.from, to: period.to }), [period.from, period.to]);
  const labels: Record<Preset, string> = {
    last30: t`Last 30 days`,
    year: t`This year`,
    last12: t`Last 12 months`,
  };
  const pressed = presetOf(period, today);
  const problem =
    /^\d{4}-\d{2}-\d{2}$/.test(draft.from) && /^\d{4}-\d{2}-\d{2}$/.test(draft.to) ? periodProblem(draft) : null;
  const edit = (end: 'from' | 'to', value: string) => {
    const next = { ...draft, [end]: value };
    setDraft(next);
    const days = /^\d{4}-\d{2}-\d{2}$/;
    if (days.test(next.from) && days.test(next.to) && periodProblem(next) === null) onChange(next);
  };
  return (
    <Group gap="xs" wrap="wrap" align="flex-start" role="group" aria-label={t`Period`}>
      <Group gap={6} wrap="wrap">
        {PRESETS.map((p) => (
          <Button
            key={p}
            size="xs"
            variant={pressed === p ? 'filled' : 'default'}
            aria-pressed={pressed === p}
            onClick={() => onChange(presetPeriod(p, today))}
            data-testid={`loans-preset-${p}`}
          >
            {labels[p]}
          </Button>
        ))}
      </Group>
      <Group gap={4} wrap="nowrap" align="center">
        <DayInput
          size="xs"
          w={140}
          aria-label={t`From`}
          value={draft.from}
          onChange={(v) => edit('from', v)}
          data-testid="loans-from"
        />
        <Text size="sm" c="dimmed" aria-hidden>
          –
        </Text>
        <DayInput
          size="xs"
          w={140}
          aria-label={t`To`}
          value={draft.to}
          onChange={(v) => edit('to', v)}
          error={problem !== null}
          aria-invalid={problem !== null ? true : undefined}
          aria-describedby={problem !== null ? errorId : undefined}
          data-testid="loans-to"
        />
      </Group>
      {problem && (
        <Text id={errorId} size="xs" c="red" w="100%">
          {problem === 'order' ? t`The end is before the start.` : t`The period is too long (ten years at most).`}
        </Text>
      )}
    </Group>
  );
}
