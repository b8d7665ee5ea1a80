import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export async function createSession(db: Kysely<Database>, tokenHash: string, staffId: number, now: string) {
  await db
    .insertInto('session')
    .values({ token_hash: tokenHash, staff_id: staffId, created_at: now, last_seen_at: now })
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
      'staff.id as staff_id',
      'staff.user_name',
      'staff.name',
      'staff.roles',
      'staff.status',
      'staff.avatar',
      'staff.introduction',
    ])
    .where('session.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, now: string) {
  await db.updateTable('session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string) {
  await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
}

/** After a password change or disabling: end the member's other sessions. */
export async function deleteStaffSessions(db: Kysely<Database>, staffId: number, keepTokenHash?: string) {
  let q = db.deleteFrom('session').where('staff_id', '=', staffId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
}

/** Idle sessions are dead anyway; dropping them keeps the table small. */
export async function purgeIdleSessions(db: Kysely<Database>, idleBefore: string) {
  await db.deleteFrom('session').where('last_seen_at', '<', idleBefore).execute();
}
