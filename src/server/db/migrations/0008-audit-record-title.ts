import type { Kysely, Migration } from 'kysely';
import { recordTitleOf } from '../repositories/audit';

interface AuditRows {
  audit_log: { id: number; resource: string; record_id: number; changes: string; record_title: string | null };
}

/**
 * Audit entries name their record (its title or name at the time), so the trail reads "Book #12 Dune"
 * and a search by title finds every change of it. Older entries get the title their own changes
 * show, or else the latest one any entry of the same record shows (a change of stock says nothing
 * of the title, the book's creation does).
 */
export const auditRecordTitle: Migration = {
  async up(untyped: Kysely<unknown>) {
    await untyped.schema.alterTable('audit_log').addColumn('record_title', 'text').execute();
    const db = untyped as Kysely<AuditRows>;
    const rows = await db
      .selectFrom('audit_log')
      .select(['id', 'resource', 'record_id', 'changes'])
      .orderBy('id')
      .execute();
    const own = new Map<number, string>();
    const latest = new Map<string, string>();
    for (const r of rows) {
      const changes = JSON.parse(r.changes) as Record<string, { from?: unknown; to?: unknown } | string>;
      const side = (pick: 'from' | 'to') =>
        Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, typeof v === 'object' ? v?.[pick] : undefined]));
      const title = recordTitleOf(side('to')) ?? recordTitleOf(side('from'));
      if (title) {
        own.set(r.id, title);
        latest.set(`${r.resource}#${r.record_id}`, title);
      }
    }
    // One statement per title and batch of ids, not per entry: a long trail migrates in seconds.
    const byTitle = new Map<string, number[]>();
    for (const r of rows) {
      const title = own.get(r.id) ?? latest.get(`${r.resource}#${r.record_id}`);
      if (!title) continue;
      const ids = byTitle.get(title);
      if (ids) ids.push(r.id);
      else byTitle.set(title, [r.id]);
    }
    for (const [title, ids] of byTitle) {
      for (let i = 0; i < ids.length; i += 500) {
        const batch = ids.slice(i, i + 500);
        await db.updateTable('audit_log').set({ record_title: title }).where('id', 'in', batch).execute();
      }
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_log').dropColumn('record_title').execute();
  },
};
