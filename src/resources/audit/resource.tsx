import { i18n as activeI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { EnumBadge } from '../../components/enum-badge';
import { formatDateTime } from '../../components/format';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { auditApi } from './api';
import { ActorSelect } from './components/actor-select';
import { ChangeDetails } from './components/change-details';
import { RecordLink, RecordName } from './components/record-link';
import { SecurityEventBadge, SecurityEventOrigin } from './components/security-cells';
import {
  AUDIT_ACTION_OPTIONS,
  AUDIT_RESOURCE_OPTIONS,
  type AuditRow,
  actorName,
  auditEntryTitle,
  isSecurityEvent,
  recordKind,
} from './model';
import { auditSpec } from './spec';

/** The Audit log (/users/audit, admin only): who created, changed or deleted what. Read only. */
export const auditScreen: ResourceScreen<AuditRow> = {
  api: auditApi,
  labels: { create: msg`New audit entry`, edit: msg`Edit audit entry`, delete: msg`Delete audit entry` },
  // Drawn where the language is the active one (the lists re-render on a change of it): what was
  // done, to which record, in the user's words, not the server's event text ("update video #1").
  recordTitle: (a) => auditEntryTitle(a, activeI18n),
  deleteMode: false,
  // On a phone: the record as the table's Record column names it, what was done in the corner,
  // then when and by whom (the table's first column, which the default card would have left out).
  card: {
    title: (a) => <RecordName entry={a} />,
    status: 'action',
    fields: ['at', 'actor', 'changes'],
    wide: ['changes'],
  },
  columns: [
    {
      key: 'at',
      label: msg`Time`,
      sortField: 'at',
      width: 170,
      priority: 1,
      render: (a, i18n) => <Text size="sm">{formatDateTime(a.at, i18n.locale)}</Text>,
    },
    { key: 'actor', label: msg`Actor`, width: 140, priority: 2, render: (a, i18n) => actorName(a, i18n) },
    {
      key: 'action',
      label: msg`Action`,
      width: 100,
      render: (a) =>
        isSecurityEvent(a) ? (
          <SecurityEventBadge entry={a} />
        ) : (
          <EnumBadge value={a.action} options={AUDIT_ACTION_OPTIONS} />
        ),
    },
    {
      key: 'recordId',
      label: msg`Record`,
      width: 220,
      priority: 1,
      // The kind of record above its number and name, in one column: a record without its kind
      // ("#1 Audited Shelf II") says nothing, and a column of its own was the first to go.
      render: (a, i18n) => (
        <div>
          <Text size="xs" c="dimmed">
            {recordKind(a.resource, i18n)}
          </Text>
          <Text size="sm" lineClamp={2}>
            #{a.recordId} {a.recordTitle && <RecordLink entry={a} />}
          </Text>
        </div>
      ),
    },
    {
      key: 'changes',
      label: msg`Changed fields`,
      // What the log is for: it stays while narrower columns leave.
      priority: 1,
      // A security event changed no field: where it came from instead (address and browser).
      render: (a) =>
        isSecurityEvent(a) ? (
          <SecurityEventOrigin entry={a} />
        ) : (
          <ChangeDetails resource={a.resource} changes={a.changes} />
        ),
    },
  ],
  filters: [
    {
      name: 'actor',
      label: msg`Actor`,
      render: ({ value, onChange, label, ariaLabel, testId }) => (
        <ActorSelect
          aria-label={ariaLabel}
          placeholder={label}
          data-testid={testId}
          value={typeof value === 'number' ? value : null}
          onChange={(id) => onChange(id ?? undefined)}
          w={{ base: '100%', sm: 200 }}
        />
      ),
    },
    { name: 'action', label: msg`Action`, options: AUDIT_ACTION_OPTIONS },
    { name: 'resource', label: msg`Resource`, options: AUDIT_RESOURCE_OPTIONS },
    rangeFilter('at', auditSpec.filters.at, msg`Time`),
  ],
};
