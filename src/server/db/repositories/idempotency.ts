import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** One member's use of one `Idempotency-Key` (http/idempotency.ts). */
export interface KeyUse {
  staffId: number;
  key: string;
  method: string;
  path: string;
}

/**
 * Claims the key for this request: true when this is its first use (the row is new, its answer
 * still empty). One statement with the primary key, so of two requests racing with one key, on one
 * instance or two, exactly one claims it.
 */
export async function claimKey(db: Kysely<Database>, use: KeyUse, now: string): Promise<boolean> {
  const res = await db
    .insertInto('idempotency_key')
    .values({ staff_id: use.staffId, idem_key: use.key, method: use.method, path: use.path, created_at: now })
    .onConflict((oc) => oc.columns(['staff_id', 'idem_key']).doNothing())
    .returning('staff_id')
    .executeTakeFirst();
  return res !== undefined;
}

export function findKey(db: Kysely<Database>, staffId: number, key: string) {
  return db
    .selectFrom('idempotency_key')
    .select(['method', 'path', 'status', 'content_type', 'body', 'created_at'])
    .where('staff_id', '=', staffId)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

export async function storeAnswer(
  db: Kysely<Database>,
  staffId: number,
  key: string,
  answer: { status: number; contentType: string | null; body: string },
) {
  await db
    .updateTable('idempotency_key')
    .set({ status: answer.status, content_type: answer.contentType, body: answer.body })
    .where('staff_id', '=', staffId)
    .where('idem_key', '=', key)
    .execute();
}

/** Gives the key back (the request failed without applying anything): a retry is processed anew. */
export async function releaseKey(db: Kysely<Database>, staffId: number, key: string) {
  await db
    .deleteFrom('idempotency_key')
    .where('staff_id', '=', staffId)
    .where('idem_key', '=', key)
    .where('status', 'is', null)
    .execute();
}

/** Keys first used before `before` are forgotten: a retry that late is a new request. */
export async function purgeKeys(db: Kysely<Database>, before: string) {
  await db.deleteFrom('idempotency_key').where('created_at', '<', before).execute();
}
