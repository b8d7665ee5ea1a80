import { useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { type Transition, transitionsFor } from '../model';
import type { Application } from '../schema';

/** Approve / Reject on a pending application, Mark returned on an approved one. */
export function TransitionButtons({ row, onPick }: { row: Application; onPick: (t: Transition) => void }) {
  const { i18n } = useLingui();
  const name = `${row.nickName ?? row.userId} – ${row.bookTitle ?? row.bookId}`;
  return (
    <Group gap={4} wrap="nowrap">
      {transitionsFor(row.status).map((tr) => (
        <Button
          key={tr.to}
          size="compact-sm"
          variant="light"
          color={tr.color}
          onClick={() => onPick(tr)}
          aria-label={`${i18n._(tr.action)}: ${name}`}
          data-testid={`apply-${tr.to}`}
        >
          {i18n._(tr.action)}
        </Button>
      ))}
    </Group>
  );
}
