import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EnumBadge } from '../../../components/enum-badge';
import { formatDateTime } from '../../../components/format';
import { MESSAGE_STATUS_OPTIONS } from '../../../resources/message/model';
import { RELATED_PAGE_SIZE, relatedMessages } from '../api';
import { RecordSection } from './record-section';

/**
 * A reader's messages, newest first: those left under their nickname or with their phone or email
 * as the contact (a message names its writer in free text).
 */
export function RecordMessages({ readerId }: { readerId: number }) {
  const { t, i18n } = useLingui();
  const query = useQuery(
    relatedMessages.pageQuery({ readerId, pageNum: 1, pageSize: RELATED_PAGE_SIZE, sort: 'createdAt', order: 'desc' }),
  );
  const rows = query.data?.items ?? [];
  return (
    <RecordSection
      id="record-messages"
      title={t`Messages`}
      count={query.data?.total}
      error={query.isError ? query.error.message : undefined}
      empty={query.data && rows.length === 0 && <Trans>No messages from this reader.</Trans>}
      headers={[t`Received`, t`Message`, t`Status`]}
      rows={rows.map((m) => (
        <Table.Tr key={m.id}>
          <Table.Td>{formatDateTime(m.createdAt, i18n.locale)}</Table.Td>
          <Table.Td>
            <Text size="sm" lineClamp={2} title={m.content}>
              {m.content}
            </Text>
          </Table.Td>
          <Table.Td>
            <EnumBadge value={m.status} options={MESSAGE_STATUS_OPTIONS} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
