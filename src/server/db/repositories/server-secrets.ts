import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * A secret shared by every instance, created on first use. Instances racing to create it all
 * insert "on conflict do nothing" and then read: whichever insert won, every instance reads the
 * same value, on both engines.
 */
export async function serverSecret(db: Kysely<Database>, name: string, now: Date): Promise<Uint8Array<ArrayBuffer>> {
  await db
    .insertInto('server_secret')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
}
