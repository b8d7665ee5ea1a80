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
  /** The record's title or name at the time (recordTitleOf); null where it has none. */
  recordTitle?: string | null;
}

/** The fields a record is known by, in order of preference. */
const TITLE_FIELDS = ['title', 'name', 'nickName', 'userName', 'bookTitle', 'fileName'] as const;
const TITLE_MAX = 200;

/** What an API view of a record is called: its title, name… (null if it has none of them). */
export function recordTitleOf(record: Record<string, unknown> | null | undefined): string | null {
  if (!record) return null;
  for (const field of TITLE_FIELDS) {
    const v = record[field];
    if (typeof v === 'string' && v.trim() !== '') return Array.from(v.trim()).slice(0, TITLE_MAX).join('');
  }
  return null;
}

const auditRow = (e: AuditEntry) => ({
  at: e.at,
  actor_id: e.actorId,
  actor_name: e.actorName,
  action: e.action,
  resource: e.resource,
  record_id: e.recordId,
  changes: JSON.stringify(e.changes),
  record_title: e.recordTitle ?? null,
});

/** Always called with the write's own transaction: no write without its audit row, and vice versa. */
export async function writeAudit(trx: Kysely<Database>, e: AuditEntry) {
  await trx.insertInto('audit_log').values(auditRow(e)).execute();
}

/** Many audit rows in one INSERT (an import's chunk); the same transaction rule as writeAudit. */
export async function writeAudits(trx: Kysely<Database>, entries: AuditEntry[]) {
  if (entries.length > 0) await trx.insertInto('audit_log').values(entries.map(auditRow)).execute();
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
