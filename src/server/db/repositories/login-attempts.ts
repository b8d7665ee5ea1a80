import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/**
 * Failed sign-ins per key ('acct:…', 'ip:…'), in the database rather than in memory so several
 * server instances share one count (issue 7). A window opens at the first failure and lasts
 * LECTERN_LOGIN_WINDOW_SECONDS; ISO-8601 UTC text compares correctly as plain strings.
 */
export function getAttempts(db: Kysely<Database>, keys: string[], windowOpenSince: string) {
  return db
    .selectFrom('login_attempt')
    .selectAll()
    .where('key', 'in', keys)
    .where('window_start', '>=', windowOpenSince)
    .execute();
}

/**
 * One atomic upsert: a failure inside the current window counts up, one after it starts a new
 * window. No read-modify-write, so concurrent attempts cannot lose a count on either engine.
 */
export async function recordFailure(db: Kysely<Database>, key: string, now: string, windowOpenSince: string) {
  await db
    .insertInto('login_attempt')
    .values({ key, failures: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_attempt.window_start < ${windowOpenSince} then 1 else login_attempt.failures + 1 end`,
        window_start: sql<string>`case when login_attempt.window_start < ${windowOpenSince} then ${now} else login_attempt.window_start end`,
      }),
    )
    .execute();
}

export async function clearAttempts(db: Kysely<Database>, key: string) {
  await db.deleteFrom('login_attempt').where('key', '=', key).execute();
}

export async function purgeOldAttempts(db: Kysely<Database>, windowOpenSince: string) {
  await db.deleteFrom('login_attempt').where('window_start', '<', windowOpenSince).execute();
}
