import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/**
 * Password-guess limits per key, in the database so several instances share one count.
 *
 * An attempt first RESERVES a slot for each of its keys; only then is the password checked. The
 * reservation is one upsert per key (INSERT … ON CONFLICT DO UPDATE … RETURNING, SQLite ≥ 3.35 and
 * PostgreSQL), so the count is raised before the slow scrypt runs: N simultaneous guesses get at
 * most the limit checked, however many instances they reach. A failure keeps its slot (and locks
 * the key when it used the last one); a success gives its slot back or resets the key.
 *
 * Times are ISO-8601 UTC text, which compares correctly as plain strings on both engines.
 */

export interface LimitKey {
  key: string;
  /** Failures allowed per window before the key locks. */
  limit: number;
}

export interface LimitPolicy {
  /** A window opens at the first failure; failures older than this are forgotten. Also the first lock's length. */
  windowMs: number;
  /** The longest lock; also how long after a lock ended, with no new failures, the back-off is forgotten. */
  lockMaxMs: number;
}

/** A slot this attempt holds: what settling or releasing it needs. */
export interface Held extends LimitKey {
  failures: number;
  windowStart: string;
  lockouts: number;
}

export type Reservation = { granted: true; held: Held[] } | { granted: false; retryAfterSeconds: number };

interface AttemptRow {
  failures: number;
  window_start: string;
  lockouts: number;
  locked_until: string | null;
  reserved_by: string | null;
}

class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('refused');
  }
}

/**
 * Reserve one attempt on every key, all or nothing: one transaction, keys in a fixed order (two
 * attempts sharing keys then lock rows in the same order and cannot deadlock on PostgreSQL). When any
 * key refuses, the transaction rolls back, so refused attempts leave no trace in the counts.
 */
export async function reserveAttempts(
  db: Kysely<Database>,
  keys: readonly LimitKey[],
  now: Date,
  policy: LimitPolicy,
  marker: string,
): Promise<Reservation> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    const held = await db.transaction().execute(async (trx) => {
      const out: Held[] = [];
      let retryAfter = 0;
      for (const k of sorted) {
        const row = await reserveOne(trx, k, now, policy, marker);
        if (row.reserved_by === marker) {
          out.push({ ...k, failures: row.failures, windowStart: row.window_start, lockouts: row.lockouts });
        } else {
          retryAfter = Math.max(retryAfter, secondsUntilFree(row, now, policy));
        }
      }
      if (retryAfter > 0) throw new Refused(retryAfter);
      return out;
    });
    return { granted: true, held };
  } catch (err) {
    if (err instanceof Refused) return { granted: false, retryAfterSeconds: err.retryAfterSeconds };
    throw err;
  }
}

/**
 * The upsert. Every SET expression reads the row as it was before this statement (both engines),
 * and the row is locked for the statement, so concurrent reservations see each other's counts:
 * - locked (locked_until in the future): nothing changes, refused;
 * - the window has passed: a new window with this attempt as its first (the back-off is kept, unless
 *   the last lock ended longer ago than the longest lock: then it is forgotten too);
 * - a free slot: failures + 1;
 * - otherwise (the last slots are held by attempts still being checked): refused.
 * `reserved_by` takes this attempt's marker only when it got a slot; RETURNING tells it which.
 */
function reserveOne(trx: Kysely<Database>, k: LimitKey, now: Date, policy: LimitPolicy, marker: string) {
  const nowIso = now.toISOString();
  const windowOpenSince = new Date(now.getTime() - policy.windowMs).toISOString();
  const forgetBefore = new Date(now.getTime() - policy.lockMaxMs).toISOString();
  const locked = sql<boolean>`(login_attempt.locked_until is not null and login_attempt.locked_until > ${nowIso})`;
  const fresh = sql<boolean>`(login_attempt.window_start < ${windowOpenSince})`;
  const free = sql<boolean>`(login_attempt.failures < ${k.limit})`;
  return trx
    .insertInto('login_attempt')
    .values({ key: k.key, failures: 1, window_start: nowIso, lockouts: 0, locked_until: null, reserved_by: marker })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when ${locked} then login_attempt.failures when ${fresh} then 1
          when ${free} then login_attempt.failures + 1 else login_attempt.failures end`,
        window_start: sql<string>`case when not ${locked} and ${fresh} then ${nowIso} else login_attempt.window_start end`,
        lockouts: sql<number>`case when not ${locked} and ${fresh} and (login_attempt.locked_until is null
          or login_attempt.locked_until < ${forgetBefore}) then 0 else login_attempt.lockouts end`,
        reserved_by: sql<string>`case when not ${locked} and (${fresh} or ${free}) then ${marker}
          else login_attempt.reserved_by end`,
      }),
    )
    .returning(['failures', 'window_start', 'lockouts', 'locked_until', 'reserved_by'])
    .executeTakeFirstOrThrow() as Promise<AttemptRow>;
}

function secondsUntilFree(row: AttemptRow, now: Date, policy: LimitPolicy): number {
  const lockEnd = row.locked_until ? Date.parse(row.locked_until) : 0;
  // Not locked but full: the last slots belong to attempts still being checked; if they fail the
  // key locks, if not it frees. The window's end is an honest upper bound for the common case.
  const until = lockEnd > now.getTime() ? lockEnd : Date.parse(row.window_start) + policy.windowMs;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** How long the lock after `lockouts` earlier ones lasts: window × 2^lockouts, capped. */
export function lockDurationMs(lockouts: number, policy: LimitPolicy): number {
  return Math.min(policy.lockMaxMs, policy.windowMs * 2 ** Math.min(lockouts, 40));
}

/**
 * The attempt failed: its slot stays counted. If the key's window is full, lock it, once: the
 * conditions on window_start and lockouts let exactly one of several concurrent failures do it.
 */
export async function settleFailures(
  db: Kysely<Database>,
  held: readonly Held[],
  now: Date,
  policy: LimitPolicy,
): Promise<{ key: string; until: string }[]> {
  const nowIso = now.toISOString();
  // The keys this failure locked (for the trail's lockout events): one failure of several does.
  const locked: { key: string; until: string }[] = [];
  for (const h of held) {
    const until = new Date(now.getTime() + lockDurationMs(h.lockouts, policy)).toISOString();
    const res = await db
      .updateTable('login_attempt')
      .set({ lockouts: h.lockouts + 1, locked_until: until })
      .where('key', '=', h.key)
      .where('window_start', '=', h.windowStart)
      .where('lockouts', '=', h.lockouts)
      .where('failures', '>=', h.limit)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) locked.push({ key: h.key, until });
  }
  return locked;
}

/** A success resets the key: its count and its back-off (device, untrusted account, password change). */
export async function resetKeys(db: Kysely<Database>, keys: readonly string[]) {
  if (keys.length > 0) await db.deleteFrom('login_attempt').where('key', 'in', keys).execute();
}

/**
 * A success gives back only its own slot (client addresses): an attacker signing in to their own
 * account cannot wipe the failures others caused from the same address, but a busy office behind
 * one address does not use up its allowance by signing in successfully.
 */
export async function returnSlot(db: Kysely<Database>, h: Held) {
  await db
    .updateTable('login_attempt')
    .set({ failures: sql<number>`failures - 1` })
    .where('key', '=', h.key)
    .where('window_start', '=', h.windowStart)
    .where('failures', '>', 0)
    .execute();
}

/** Rows whose window passed and whose last lock is long forgotten are the same as no row. */
export async function purgeOldAttempts(db: Kysely<Database>, now: Date, policy: LimitPolicy) {
  const windowOpenSince = new Date(now.getTime() - policy.windowMs).toISOString();
  const forgetBefore = new Date(now.getTime() - policy.lockMaxMs).toISOString();
  await db
    .deleteFrom('login_attempt')
    .where('window_start', '<', windowOpenSince)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', forgetBefore)]))
    .execute();
}
