import { msg } from '@lingui/core/macro';
import { Code, Text } from '@mantine/core';
import { EnumBadge } from '../../components/enum-badge';
import { formatDateTime } from '../../components/format';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { labelsOf } from '../labels';
import { auditApi } from './api';
import { ActorSelect } from './components/actor-select';
import { ChangeDetails } from './components/change-details';
import { RecordLink } from './components/record-link';
import { AUDIT_ACTION_OPTIONS, AUDIT_RESOURCE_OPTIONS, type AuditRow } from './model';
import { auditSpec } from './spec';

/** The Audit log (/users/audit, admin only): who created, changed or deleted what. Read only. */
export const auditScreen: ResourceScreen<AuditRow> = {
  api: auditApi,
  labels: { create: msg`New audit entry`, edit: msg`Edit audit entry`, delete: msg`Delete audit entry` },
  recordTitle: (a) => `${a.action} ${a.resource} #${a.recordId}${a.recordTitle ? ` ${a.recordTitle}` : ''}`,
  deleteMode: false,
  columns: [
    {
      key: 'at',
      label: msg`Time`,
      sortField: 'at',
      width: 170,
      priority: 1,
      render: (a, i18n) => <Text size="sm">{formatDateTime(a.at, i18n.locale)}</Text>,
    },
    { key: 'actor', label: msg`Actor`, width: 140, priority: 2, render: (a) => a.actorName },
    {
      key: 'action',
      label: msg`Action`,
      width: 100,
      render: (a) => <EnumBadge value={a.action} options={AUDIT_ACTION_OPTIONS} />,
    },
    {
      key: 'recordId',
      label: msg`Record`,
      width: 220,
      priority: 1,
      // The kind of record above its number and name, in one column: a record without its kind
      // ("#1 Audited Shelf II") says nothing, and a column of its own was the first to go.
      render: (a, i18n) => {
        const known = labelsOf(a.resource);
        return (
          <div>
            <Text size="xs" c="dimmed">
              {known ? i18n._(known.name) : <Code>{a.resource}</Code>}
            </Text>
            <Text size="sm" lineClamp={2}>
              #{a.recordId} {a.recordTitle && <RecordLink entry={a} />}
            </Text>
          </div>
        );
      },
    },
    {
      key: 'changes',
      label: msg`Changed fields`,
      // What the log is for: it stays while narrower columns leave.
      priority: 1,
      render: (a) => <ChangeDetails resource={a.resource} changes={a.changes} />,
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
