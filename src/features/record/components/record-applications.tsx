import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EnumBadge } from '../../../components/enum-badge';
import { formatDateTime } from '../../../components/format';
import { LoanCell } from '../../../resources/application/components/loan-cell';
import { APPLICATION_STATUS_OPTIONS } from '../../../resources/application/model';
import { RELATED_PAGE_SIZE, relatedApplications } from '../api';
import { RecordSection } from './record-section';

/** A book's or a reader's borrow applications, newest first; each links to the other side's page. */
export function RecordApplications({ by }: { by: { bookId: number } | { userId: number } }) {
  const { t, i18n } = useLingui();
  const query = useQuery(
    relatedApplications.pageQuery({ ...by, pageNum: 1, pageSize: RELATED_PAGE_SIZE, sort: 'createdAt', order: 'desc' }),
  );
  const rows = query.data?.items ?? [];
  const ofBook = 'bookId' in by;
  return (
    <RecordSection
      id="record-applications"
      title={t`Borrow applications`}
      count={query.data?.total}
      error={query.isError ? query.error.message : undefined}
      empty={query.data && rows.length === 0 && <Trans>No applications yet.</Trans>}
      headers={[t`Applied`, ofBook ? t`Reader` : t`Book`, t`Status`, t`Due`, t`Handled by`]}
      rows={rows.map((a) => (
        <Table.Tr key={a.id}>
          <Table.Td>{formatDateTime(a.createdAt, i18n.locale)}</Table.Td>
          <Table.Td>
            {ofBook ? (
              <Anchor component={Link} to={`/users/user/${a.userId}`} size="sm">
                {a.nickName ?? `#${a.userId}`}
              </Anchor>
            ) : (
              <Anchor component={Link} to={`/web/book/${a.bookId}`} size="sm">
                {a.bookTitle ?? `#${a.bookId}`}
              </Anchor>
            )}
          </Table.Td>
          <Table.Td>
            <EnumBadge value={a.status} options={APPLICATION_STATUS_OPTIONS} />
          </Table.Td>
          <Table.Td>
            <LoanCell a={a} />
          </Table.Td>
          <Table.Td>
            {a.handledBy ? (
              <Text size="sm">
                {a.handledBy}{' '}
                <Text span size="xs" c="dimmed">
                  {formatDateTime(a.handledAt, i18n.locale)}
                </Text>
              </Text>
            ) : (
              <Text c="dimmed">—</Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
