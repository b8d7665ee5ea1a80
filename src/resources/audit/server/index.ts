import { sql } from 'kysely';
import { defineResource } from '../../../server/crud/define-resource';
import { eq, specFilters } from '../../../server/crud/filters';
import { fromSpec, type RowOf } from '../../../server/crud/from-spec';
import type { Db } from '../../../server/crud/types';
import type { NounServer } from '../../../server/http/noun';
import type { Services } from '../../../server/services';
import { type AuditAction, type AuditEntry, auditPageSchema } from '../schema';
import { auditSpec } from '../spec';

// Audit rows are never edited, so they have no version; the machinery's row shape wants one.
const select = (db: Db) => db.selectFrom('audit_log').selectAll('audit_log').select(sql<number>`0`.as('version'));
type AuditRow = RowOf<typeof select>;

const toEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  at: r.at,
  actorId: r.actor_id,
  actorName: r.actor_name,
  action: r.action as AuditAction,
  resource: r.resource,
  recordId: r.record_id,
  changes: JSON.parse(r.changes) as AuditEntry['changes'],
  recordTitle: r.record_title,
  address: r.address,
  userAgent: r.user_agent,
  reason: r.reason,
});

/** `/audit/page` (+ export): the trail, admin only, read only. */
export function auditServer(services: Services): NounServer {
  const { routes } = defineResource(services, {
    ...fromSpec('audit', auditSpec, 'audit_log'),
    schemas: { page: auditPageSchema },
    operations: { create: false, update: false, delete: false },
    select,
    keywordColumns: ['audit_log.actor_name', 'audit_log.resource', 'audit_log.record_title', 'audit_log.changes'],
    filters: (p) => [
      ...eq('audit_log.actor_id', p.actor),
      ...eq('audit_log.action', p.action),
      ...eq('audit_log.resource', p.resource),
      ...eq('audit_log.record_id', p.recordId),
      ...specFilters(auditSpec.filters, p),
    ],
    toApi: toEntry,
    toColumns: () => ({}),
  });
  // It writes no records of its own: nothing to announce, count or edit together.
  return { routes };
}
