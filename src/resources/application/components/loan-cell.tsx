import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { dateFormat } from '../../../components/format';
import { isOverdue } from '../model';
import type { Application } from '../schema';

/** A loan's instant as a date in the user's language and time zone ("12 ene 2026"). */
export const formatDue = (iso: string, locale: string) =>
  dateFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * Where a request stands as a loan: the due date of a book out (red, with "Overdue", once it has
 * passed; the renewals so far), the place in the queue of a request on hold, the day a ready hold
 * keeps its copy until, the day a book came back. Empty for the rest.
 */
export function LoanCell({ a }: { a: Application }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  if (a.status === 'approved' && a.dueAt) {
    const late = isOverdue(a);
    const due = formatDue(a.dueAt, locale);
    const renewals = a.renewals;
    return (
      <Stack gap={2} data-testid="apply-due" data-overdue={late || undefined}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" c={late ? 'red' : undefined} fw={late ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
            {due}
          </Text>
          {late && (
            <Badge size="xs" color="red" variant="light" style={{ textTransform: 'none' }}>
              <Trans>Overdue</Trans>
            </Badge>
          )}
        </Group>
        {renewals > 0 && (
          <Text size="xs" c="dimmed">
            <Trans>Renewed ×{renewals}</Trans>
          </Text>
        )}
      </Stack>
    );
  }
  if (a.status === 'on_hold' && a.holdPosition !== null) {
    const position = a.holdPosition;
    return (
      <Text size="sm" data-testid="apply-queue" style={{ whiteSpace: 'nowrap' }}>
        <Trans>No. {position} in queue</Trans>
      </Text>
    );
  }
  if (a.status === 'ready' && a.readyUntil) {
    const until = formatDue(a.readyUntil, locale);
    return (
      <Text size="sm" c="dimmed" data-testid="apply-ready-until">
        <Trans>Kept until {until}</Trans>
      </Text>
    );
  }
  if (a.status === 'returned' && a.returnedAt) {
    const on = formatDue(a.returnedAt, locale);
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <Trans>Back {on}</Trans>
      </Text>
    );
  }
  return null;
}
