import type { Kysely } from 'kysely';
import type { PasskeyInfo } from '../../../contract/passkeys';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** How long a ceremony's challenge can be answered (the browser's own timeout is shorter). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = 'register' | 'authenticate';

/** Keeps a new challenge; expired ones go in the same call (no job needed, any instance does it). */
export async function keepChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  staffId: number | null,
  now: Date,
): Promise<void> {
  await db.deleteFrom('passkey_challenge').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('passkey_challenge')
    .values({
      challenge,
      purpose,
      staff_id: staffId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    })
    .execute();
}

/**
 * Takes a challenge: true once, for a live challenge of this purpose (and member, when registering).
 * One DELETE … RETURNING, so of two answers racing with the same challenge (on two instances, too)
 * exactly one gets it.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  staffId: number | null,
  now: Date,
): Promise<boolean> {
  let q = db
    .deleteFrom('passkey_challenge')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now.toISOString());
  q = staffId === null ? q.where('staff_id', 'is', null) : q.where('staff_id', '=', staffId);
  const row = await q.returning('challenge').executeTakeFirst();
  return row !== undefined;
}

export type PasskeyRow = Awaited<ReturnType<typeof findPasskey>>;

export function findPasskey(db: Db, id: string) {
  return db.selectFrom('staff_passkey').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listPasskeys(db: Db, staffId: number) {
  return db
    .selectFrom('staff_passkey')
    .selectAll()
    .where('staff_id', '=', staffId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many passkeys the member has: the "has a second factor" check counts these. */
export async function countPasskeys(db: Db, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_passkey')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface NewPasskey {
  id: string;
  staffId: number;
  name: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  now: Date;
}

export async function insertPasskey(db: Db, p: NewPasskey): Promise<void> {
  await db
    .insertInto('staff_passkey')
    .values({
      id: p.id,
      staff_id: p.staffId,
      name: p.name,
      public_key: Buffer.from(p.publicKey).toString('base64url'),
      counter: p.counter,
      transports: JSON.stringify(p.transports),
      device_type: p.deviceType,
      backed_up: p.backedUp ? 1 : 0,
      created_at: p.now.toISOString(),
      last_used_at: null,
    })
    .execute();
}

/**
 * After a verified sign-in: the new counter and the time. Only forward (`counter` as read must still
 * be there), so two answers verified at once against the same old counter cannot both be kept.
 */
export async function markUsed(
  db: Db,
  id: string,
  seen: number,
  counter: number,
  backedUp: boolean,
  now: Date,
): Promise<boolean> {
  const res = await db
    .updateTable('staff_passkey')
    .set({ counter, backed_up: backedUp ? 1 : 0, last_used_at: now.toISOString() })
    .where('id', '=', id)
    .where('counter', '=', seen)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The member's own passkey only: another member's id answers like an unknown one. */
export async function renamePasskey(db: Db, staffId: number, id: string, name: string): Promise<boolean> {
  const res = await db
    .updateTable('staff_passkey')
    .set({ name })
    .where('id', '=', id)
    .where('staff_id', '=', staffId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Db, staffId: number, id: string) {
  return db
    .deleteFrom('staff_passkey')
    .where('id', '=', id)
    .where('staff_id', '=', staffId)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

export function passkeyInfo(r: NonNullable<PasskeyRow>): PasskeyInfo {
  return {
    id: r.id,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    synced: r.backed_up === 1 || r.device_type === 'multiDevice',
    transports: parseTransports(r.transports),
  };
}

export function parseTransports(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
