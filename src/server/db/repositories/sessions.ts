import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../schema';

export interface NewSession {
  tokenHash: string;
  staffId: number;
  publicId: string;
  userAgent: string;
  address: string;
  now: string;
  /** The absolute end: sign-in + LECTERN_SESSION_MAX_HOURS. */
  expiresAt: string;
}

export async function createSession(db: Kysely<Database>, s: NewSession) {
  await db
    .insertInto('session')
    .values({
      token_hash: s.tokenHash,
      staff_id: s.staffId,
      public_id: s.publicId,
      user_agent: s.userAgent,
      address: s.address,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
    })
    .execute();
}

/** The session with its staff member: roles and status are read fresh, so demotion acts at once. */
export function findSession(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('session')
    .innerJoin('staff', 'staff.id', 'session.staff_id')
    .select([
      'session.token_hash',
      'session.last_seen_at',
      'session.created_at',
      'session.expires_at',
      'staff.id as staff_id',
      'staff.user_name',
      'staff.name',
      'staff.roles',
      'staff.status',
      'staff.avatar',
      'staff.introduction',
      'staff.must_change_password',
    ])
    .where('session.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The limits a session is alive within at one moment (ISO times, compared as text). */
export interface SessionLimits {
  now: string;
  /** Used at or after this, or it has been idle too long. */
  idleSince: string;
  /**
   * Signed in after this: the current LECTERN_SESSION_MAX_HOURS, so lowering it also ends older
   * sessions (their stored expires_at is the setting at their sign-in).
   */
  createdSince: string;
}

/**
 * Marks the session used at `now`, but only if it is alive: used at or after `idleSince` and before
 * its absolute end. The check and the write are one statement, so a session is refused by the
 * first request after it has been idle too long, exactly, and two instances cannot both see it
 * alive and dead. last_seen_at never moves backwards (requests finishing out of order). Returns
 * false when the session was idle too long, is past its end, or is gone.
 */
export async function touchIfAlive(db: Kysely<Database>, tokenHash: string, at: SessionLimits): Promise<boolean> {
  const { now } = at;
  const res = await db
    .updateTable('session')
    .set({ last_seen_at: sql<string>`case when last_seen_at < ${now} then ${now} else last_seen_at end` })
    .where('token_hash', '=', tokenHash)
    .where('last_seen_at', '>=', at.idleSince)
    .where('expires_at', '>', now)
    .where('created_at', '>', at.createdSince)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** True if this call ended it (of two concurrent ends, one: the trail records it once). */
export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const res = await db.deleteFrom('session').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** After a password change or disabling: end the member's sessions, all or all but one. Returns how many. */
export async function deleteStaffSessions(
  db: Kysely<Database>,
  staffId: number,
  keepTokenHash?: string,
): Promise<number> {
  let q = db.deleteFrom('session').where('staff_id', '=', staffId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** A member's sessions, most recent activity first. */
export function listStaffSessions(db: Kysely<Database>, staffId: number) {
  return db
    .selectFrom('session')
    .select(['token_hash', 'public_id', 'user_agent', 'address', 'created_at', 'last_seen_at'])
    .where('staff_id', '=', staffId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends one of the member's sessions by its public id; false if the member has no such session. */
export async function deleteStaffSession(db: Kysely<Database>, staffId: number, publicId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('session')
    .where('staff_id', '=', staffId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Idle and ended sessions are dead anyway; dropping them keeps the table small. */
export async function purgeDeadSessions(db: Kysely<Database>, at: SessionLimits) {
  await db
    .deleteFrom('session')
    .where((eb) =>
      eb.or([
        eb('last_seen_at', '<', at.idleSince),
        eb('expires_at', '<=', at.now),
        eb('created_at', '<=', at.createdSince),
      ]),
    )
    .execute();
}
