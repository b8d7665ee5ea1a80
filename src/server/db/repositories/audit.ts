import type { Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../schema';

/** What a secret field (a password) records instead of its values. */
export const SECRET_MARK = '(changed)';

export type AuditChanges = Record<string, { from: unknown; to: unknown } | typeof SECRET_MARK>;

export interface AuditEntry {
  at: string;
  actorId: number | null;
  actorName: string;
  action: AuditLogTable['action'];
  resource: string;
  recordId: number;
  changes: AuditChanges;
}

/** Always called with the write's own transaction: no write without its audit row, and vice versa. */
export async function writeAudit(trx: Kysely<Database>, e: AuditEntry) {
  await trx
    .insertInto('audit_log')
    .values({
      at: e.at,
      actor_id: e.actorId,
      actor_name: e.actorName,
      action: e.action,
      resource: e.resource,
      record_id: e.recordId,
      changes: JSON.stringify(e.changes),
    })
    .execute();
}

/** Field-by-field difference of two API views of a record; meta fields are not "changes". */
export function diffRecords(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  ignore: readonly string[] = ['id', 'version', 'createdAt', 'updatedAt'],
): AuditChanges {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: AuditChanges = {};
  for (const k of keys) {
    if (ignore.includes(k)) continue;
    const from = before?.[k] ?? null;
    const to = after?.[k] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) out[k] = { from, to };
  }
  return out;
}
