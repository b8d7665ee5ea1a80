import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { yieldToLoop } from '../lib/slices';
import type { VodCredentialTable, VodDb } from './tables';

/**
 * Temporary credentials in the cloud STS's shape: an access key id (`STS.` + random), a random
 * secret kept in clear (HMAC verification needs it), a security token stored only as its hash.
 * Every credential is tied to a staff member; an UploadAuth ('oss') also to one object.
 */
export interface Minted {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  expiration: string;
}

const b64url = (n: number) => randomBytes(n).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Rows this long past expiry are deleted on the next mint: long enough to answer "expired", not "unknown". */
const KEEP_EXPIRED_MS = 24 * 3600_000;

export async function mintCredential(
  db: VodDb,
  o: {
    staffId: number;
    purpose: VodCredentialTable['purpose'];
    bucket?: string;
    objectKey?: string;
    ttlSeconds: number;
    now: Date;
  },
): Promise<Minted> {
  const minted: Minted = {
    accessKeyId: `STS.${b64url(18)}`,
    accessKeySecret: b64url(30),
    securityToken: `CAIS${b64url(96)}`,
    expiration: new Date(o.now.getTime() + o.ttlSeconds * 1000).toISOString(),
  };
  const stale = new Date(o.now.getTime() - KEEP_EXPIRED_MS).toISOString();
  await db.deleteFrom('vod_credential').where('expires_at', '<', stale).execute();
  await deleteExpiredNonces(db, o.now.toISOString());
  await db
    .insertInto('vod_credential')
    .values({
      access_key_id: minted.accessKeyId,
      access_key_secret: minted.accessKeySecret,
      security_token_hash: sha256(minted.securityToken),
      staff_id: o.staffId,
      purpose: o.purpose,
      bucket: o.bucket ?? null,
      object_key: o.objectKey ?? null,
      expires_at: minted.expiration,
      created_at: o.now.toISOString(),
    })
    .execute();
  return minted;
}

export interface Credential {
  accessKeyId: string;
  secret: string;
  staffId: number;
  userName: string;
  staffActive: boolean;
  purpose: VodCredentialTable['purpose'];
  bucket: string | null;
  objectKey: string | null;
  expiresAt: string;
}

export type Lookup = { ok: true; cred: Credential } | { ok: false; reason: 'unknown' | 'token' };

/** The credential of an access key id whose security token matches; expiry is the caller's check. */
export async function lookupCredential(db: VodDb, accessKeyId: string, token: string | undefined): Promise<Lookup> {
  if (!accessKeyId || accessKeyId.length > 100) return { ok: false, reason: 'unknown' };
  const row = await db
    .selectFrom('vod_credential')
    .innerJoin('staff', 'staff.id', 'vod_credential.staff_id')
    .select([
      'vod_credential.access_key_id',
      'vod_credential.access_key_secret',
      'vod_credential.security_token_hash',
      'vod_credential.staff_id',
      'vod_credential.purpose',
      'vod_credential.bucket',
      'vod_credential.object_key',
      'vod_credential.expires_at',
      'staff.user_name',
      'staff.status',
    ])
    .where('vod_credential.access_key_id', '=', accessKeyId)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  const given = Buffer.from(sha256(token ?? ''));
  const stored = Buffer.from(row.security_token_hash);
  if (!token || given.length !== stored.length || !timingSafeEqual(given, stored))
    return { ok: false, reason: 'token' };
  return {
    ok: true,
    cred: {
      accessKeyId: row.access_key_id,
      secret: row.access_key_secret,
      staffId: row.staff_id,
      userName: row.user_name,
      staffActive: row.status === 'active',
      purpose: row.purpose,
      bucket: row.bucket,
      objectKey: row.object_key,
      expiresAt: row.expires_at,
    },
  };
}

export const isExpired = (c: Credential, now: Date) => c.expiresAt <= now.toISOString();

/** Expired nonces deleted per statement; each signed call leaves one, so there can be very many. */
const NONCE_BATCH = 1000;

/**
 * Expired nonces, deleted in batches with a turn of the event loop between them: one statement over
 * every nonce of a busy quarter hour would hold SQLite (and the loop) as long as it takes.
 */
async function deleteExpiredNonces(db: VodDb, now: string): Promise<void> {
  for (;;) {
    const gone = await db
      .deleteFrom('vod_nonce')
      .where('nonce', 'in', (eb) =>
        eb.selectFrom('vod_nonce').select('nonce').where('expires_at', '<', now).limit(NONCE_BATCH),
      )
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) < NONCE_BATCH) return;
    await yieldToLoop();
  }
}

/** Records a SignatureNonce; false when it was seen before (a replayed request). */
export async function claimNonce(db: VodDb, nonce: string, expiresAt: string): Promise<boolean> {
  const r = await db
    .insertInto('vod_nonce')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
