import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { serverSecret } from '../../db/repositories/server-secrets';
import type { Database } from '../../db/schema';
import type { Services } from '../../services';
import { factorStamp } from '../factors';

/**
 * The pending second step of a sign-in whose password was right (docs/api-additions.md): a signed,
 * short-lived statement "this member passed the password check", never a session. It is accepted
 * only by the code and enrolment steps (POST /auth/login/code, /auth/login/enrol/*); any other call
 * with it is 401 (it is not a token any session has). Signed with HMAC-SHA256 under a key kept in
 * the database (every instance accepts it) and bound to the member's factor state (factorStamp), so
 * once a code has been used with it, or a factor enrolled, it is void: single use.
 */
export type ChallengePurpose = 'verify' | 'enrol';

/** Long enough to open an authenticator app, or to scan a QR code and type a first code. */
const LIFETIME_MS: Record<ChallengePurpose, number> = { verify: 5 * 60_000, enrol: 15 * 60_000 };

interface Payload {
  /** The member. */
  s: number;
  p: ChallengePurpose;
  /** "Keep me signed in" of the password step. */
  r: 0 | 1;
  /** Its end, ms since the epoch. */
  e: number;
  /** The member's factor stamp when issued. */
  k: string;
  n: string;
}

export interface Challenge {
  staffId: number;
  purpose: ChallengePurpose;
  remember: boolean;
}

const keys = new WeakMap<Kysely<Database>, Promise<Uint8Array<ArrayBuffer>>>();
function challengeKey(services: Services): Promise<Uint8Array<ArrayBuffer>> {
  let key = keys.get(services.db);
  if (!key) {
    key = serverSecret(services.db, 'mfa-challenge', services.now());
    key.catch(() => keys.delete(services.db));
    keys.set(services.db, key);
  }
  return key;
}

const sign = (key: Uint8Array, body: string) => createHmac('sha256', key).update(body).digest();

export async function issueChallenge(
  services: Services,
  c: { staffId: number; purpose: ChallengePurpose; remember: boolean },
): Promise<string> {
  const payload: Payload = {
    s: c.staffId,
    p: c.purpose,
    r: c.remember ? 1 : 0,
    e: services.now().getTime() + LIFETIME_MS[c.purpose],
    k: await factorStamp(services.db, c.staffId),
    n: randomBytes(9).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(await challengeKey(services), body).toString('base64url')}`;
}

/** The challenge if genuine, of this purpose, unexpired and unused; else undefined. */
export async function readChallenge(
  services: Services,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<Challenge | undefined> {
  const [body, mac, ...rest] = challenge.split('.');
  if (!body || !mac || rest.length > 0 || challenge.length > 600) return undefined;
  const expected = sign(await challengeKey(services), body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let p: Payload;
  try {
    p = JSON.parse(Buffer.from(body, 'base64url').toString()) as Payload;
  } catch {
    return undefined;
  }
  if (p.p !== purpose || !(p.e > services.now().getTime())) return undefined;
  if ((await factorStamp(services.db, p.s)) !== p.k) return undefined;
  return { staffId: p.s, purpose: p.p, remember: p.r === 1 };
}
