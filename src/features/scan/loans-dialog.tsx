import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/dialog';
import { EnumBadge } from '../../components/enum-badge';
import { formatDateTime } from '../../components/format';
import type { Page } from '../../contract/common';
import { PAGE_SIZES } from '../../contract/values';
import { http } from '../../lib/api';
import { APPLICATION_STATUS_OPTIONS, type Transition, transitionsFor } from '../../resources/application/model';
import type { Application } from '../../resources/application/schema';
import { APPLICATION_STATUSES, applicationSpec } from '../../resources/application/spec';
import type { Scanned } from './loan-scan';

/**
 * A copy out with a reader: an approved application, and a hold ready for collection where the
 * statuses have holds (the lending desk's `ready`).
 */
const OPEN_LOAN_STATUSES = (['approved', 'ready'] as const).filter((s) =>
  (APPLICATION_STATUSES as readonly string[]).includes(s),
);

/** The book's open loans, newest first: one page per status (a book has a few copies, not hundreds). */
async function openLoansOf(bookId: number): Promise<Application[]> {
  const pages = await Promise.all(
    OPEN_LOAN_STATUSES.map((status) =>
      http.post<Page<Application>>(`/${applicationSpec.api}/page`, {
        pageNum: 1,
        pageSize: PAGE_SIZES.at(-1),
        bookId,
        status,
        sort: 'id',
        order: 'desc',
      }),
    ),
  );
  return pages.flatMap((p) => p.items);
}

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
  // Under the applications' noun, so a Return (or any write to them) refreshes it.
  const loans = useQuery({ queryKey: ['application', 'scan-loans', bookId], queryFn: () => openLoansOf(bookId) });
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
