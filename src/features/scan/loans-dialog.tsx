import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/dialog';
import { EnumBadge } from '../../components/enum-badge';
import { formatDateTime } from '../../components/format';
import { APPLICATION_STATUS_OPTIONS, type Transition, transitionsFor } from '../../resources/application/model';
import type { Application } from '../../resources/application/schema';
import { openLoansKey, openLoansOf } from './api';
import type { Scanned } from './loan-scan';

interface Props {
  scanned: Scanned;
  onClose: () => void;
  /** Mark returned (or the loan's other next step) was chosen for this loan. */
  onPick: (row: Application, transition: Transition) => void;
}

/** Who has the book scanned: its open loans, each with its Return, to pick from when several readers have a copy. */
export default function LoansDialog({ scanned, onClose, onPick }: Props) {
  const { t } = useLingui();
  const { isbn, book } = scanned;
  return (
    <Dialog opened onClose={onClose} title={book ? book.title : t`Scanned ISBN ${isbn}`}>
      <Stack gap="sm" data-testid="scan-loans">
        {book ? (
          <Loans bookId={book.id} isbn={isbn} onPick={onPick} />
        ) : (
          <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="scan-no-book">
            <Trans>No book in the catalogue has the ISBN {isbn}.</Trans>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function Loans({ bookId, isbn, onPick }: { bookId: number; isbn: string; onPick: Props['onPick'] }) {
  const { t, i18n } = useLingui();
  const loans = useQuery({ queryKey: openLoansKey(bookId), queryFn: () => openLoansOf(bookId) });
  if (loans.isPending) return <Loader size="sm" aria-label={t`Loading`} />;
  if (loans.isError) {
    return (
      <Alert color="red" role="alert">
        <Trans>The loans could not be loaded.</Trans>
      </Alert>
    );
  }
  if (loans.data.length === 0) {
    return (
      <Text size="sm" role="status" data-testid="scan-no-loans">
        <Trans>No copy of this book (ISBN {isbn}) is out on loan.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="list" aria-label={t`Open loans`}>
      {loans.data.map((row) => {
        const reader = row.nickName ?? `#${row.userId}`;
        return (
          <Paper key={row.id} withBorder p="sm" radius="md" role="listitem" data-testid="scan-loan" data-id={row.id}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} miw={0}>
                <Text fw={600} size="sm">
                  {reader}
                </Text>
                <Group gap="xs">
                  <EnumBadge value={row.status} options={APPLICATION_STATUS_OPTIONS} />
                  {row.handledAt && (
                    <Text size="xs" c="dimmed">
                      {formatDateTime(row.handledAt, i18n.locale)}
                    </Text>
                  )}
                </Group>
              </Stack>
              <Group gap="xs">
                {transitionsFor(row.status)
                  .filter((tr) => tr.to === 'returned')
                  .map((tr) => (
                    <Button
                      key={tr.to}
                      color={tr.color}
                      onClick={() => onPick(row, tr)}
                      aria-label={`${i18n._(tr.action)}: ${reader}`}
                      data-testid={`scan-loan-${tr.to}`}
                    >
                      {i18n._(tr.action)}
                    </Button>
                  ))}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
