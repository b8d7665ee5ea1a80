import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { EnumBadge } from '../../../components/enum-badge';
import { formatDateTime } from '../../../components/format';
import { allows } from '../../../contract/resource-spec';
import { ChangeDetails } from '../../../resources/audit/components/change-details';
import { AUDIT_ACTION_OPTIONS, type AuditRow, actorName, showValue } from '../../../resources/audit/model';
import { auditSpec } from '../../../resources/audit/spec';
import type { Noun } from '../../../resources/specs';
import { sessionStore } from '../../../stores/session';
import { RELATED_PAGE_SIZE, recordAudit } from '../api';
import { RecordSection } from './record-section';

/** The audit entries of one record, newest first. */
function useRecordAudit(resource: Noun, recordId: number, enabled: boolean) {
  return useQuery({
    ...recordAudit.pageQuery({
      resource,
      recordId,
      pageNum: 1,
      pageSize: RELATED_PAGE_SIZE,
      sort: 'at',
      order: 'desc',
    }),
    enabled,
  });
}

/** The audit log is the administrators' (its spec's roles): others are told, not refused. */
function useMayReadAudit(): boolean {
  const { roles } = useSnapshot(sessionStore);
  return allows(auditSpec.roles, roles);
}

function AdminsOnly() {
  return (
    <Text c="dimmed" size="sm">
      <Trans>Only administrators can see the audit log.</Trans>
    </Text>
  );
}

/** Who changed what in this record (of the noun `resource`), and when: its own entries of the audit log. */
export function RecordHistory({ resource, recordId }: { resource: Noun; recordId: number }) {
  const { t, i18n } = useLingui();
  const may = useMayReadAudit();
  const query = useRecordAudit(resource, recordId, may);
  const rows = query.data?.items ?? [];
  return (
    <RecordSection
      id="record-history"
      title={t`History`}
      notice={!may && <AdminsOnly />}
      error={query.isError ? query.error.message : undefined}
      empty={query.data && rows.length === 0 && <Trans>No entries.</Trans>}
      headers={[t`Time`, t`Actor`, t`Action`, t`Changed fields`]}
      rows={rows.map((a: AuditRow) => (
        <Table.Tr key={a.id} data-testid="history-entry" data-action={a.action}>
          <Table.Td>{formatDateTime(a.at, i18n.locale)}</Table.Td>
          <Table.Td>{actorName(a, i18n)}</Table.Td>
          <Table.Td>
            <EnumBadge value={a.action} options={AUDIT_ACTION_OPTIONS} />
          </Table.Td>
          <Table.Td>
            <ChangeDetails resource={a.resource} changes={a.changes} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}

/** A book's stock over time: its audit entries that moved `stock` (edits, loans and returns). */
export function StockHistory({ bookId }: { bookId: number }) {
  const { t, i18n } = useLingui();
  const may = useMayReadAudit();
  // The same query as the history (one request): the stock moves are a view of it.
  const query = useRecordAudit('book', bookId, may);
  const rows = (query.data?.items ?? []).filter((a) => a.changes.stock !== undefined);
  return (
    <RecordSection
      id="record-stock"
      title={t`Stock changes`}
      notice={!may && <AdminsOnly />}
      empty={query.data && rows.length === 0 && <Trans>No entries.</Trans>}
      headers={[t`Time`, t`Actor`, t`Stock`]}
      scroll={false}
      rows={rows.map((a) => {
        const c = a.changes.stock;
        const move = c && c !== '(changed)' ? `${showValue(c.from) || '—'} → ${showValue(c.to)}` : '';
        return (
          <Table.Tr key={a.id}>
            <Table.Td>{formatDateTime(a.at, i18n.locale)}</Table.Td>
            <Table.Td>{actorName(a, i18n)}</Table.Td>
            <Table.Td ff="monospace">{move}</Table.Td>
          </Table.Tr>
        );
      })}
    />
  );
}
