import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyInfo } from '../../../contract/passkeys';
import { conflict, invalidField } from '../../http/errors';
import type { Services } from '../../services';
import type { SecurityEvent } from '../security-events';
import { writeSecurityEvents } from '../security-events';
import { type RelyingParty, userHandle } from './relying-party';
import {
  findPasskey,
  insertPasskey,
  keepChallenge,
  listPasskeys,
  parseTransports,
  passkeyInfo,
  takeChallenge,
} from './store';

/** The browser's own timeout of a ceremony; the stored challenge lives a little longer (store.ts). */
const CEREMONY_TIMEOUT_MS = 120_000;

/**
 * Both ceremonies ask for user verification (a PIN, a fingerprint, a face: WebAuthn's UV flag) and
 * the server refuses an answer without it, so a passkey is two factors at once (something held,
 * something known or been) and stands for the password and its code (ASVS 6.3.7).
 */
export async function registrationOptions(
  services: Services,
  rp: RelyingParty,
  member: { staffId: number; userName: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(services.db, member.staffId);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.userName,
    userDisplayName: member.name || member.userName,
    userID: new Uint8Array(await userHandle(services, member.staffId)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    // An authenticator that already holds one of the member's passkeys is not asked again.
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: parseTransports(p.transports) })),
    // Discoverable, so signing in needs no account name; verified, so it counts as two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(services.db, options.challenge, 'register', member.staffId, services.now());
  return options;
}

/** Checks the browser's answer and keeps the passkey; the event goes in the same transaction. */
export async function registerPasskey(
  services: Services,
  rp: RelyingParty,
  staffId: number,
  input: { name: string; response: unknown },
  event: SecurityEvent,
): Promise<PasskeyInfo> {
  const now = services.now();
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    // Taken (deleted) as it is checked: an answer replayed finds no challenge.
    expectedChallenge: (challenge) => takeChallenge(services.db, challenge, 'register', staffId, now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((err: unknown) => {
    throw invalidField('response', `The passkey could not be verified: ${(err as Error).message}`);
  });
  if (!verification.verified) throw invalidField('response', 'The passkey could not be verified');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  if (await findPasskey(services.db, credential.id)) throw conflict('This passkey is already registered', 'response');
  await services.db.transaction().execute(async (trx) => {
    await insertPasskey(trx, {
      id: credential.id,
      staffId,
      name: input.name,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      now,
    });
    await writeSecurityEvents(trx, services, [
      { ...event, changes: { passkey: { from: null, to: input.name } }, at: now },
    ]);
  });
  const row = await findPasskey(services.db, credential.id);
  if (!row) throw new Error('The passkey just stored is gone');
  return passkeyInfo(row);
}

/** Signed out: any of the site's passkeys may answer (discoverable credentials, no account name). */
export async function authenticationOptions(
  services: Services,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  });
  await keepChallenge(services.db, options.challenge, 'authenticate', null, services.now());
  return options;
}

export type AssertionCheck = { ok: true; newCounter: number; backedUp: boolean } | { ok: false; why: string };

/** The assertion of a known passkey: signature, challenge (taken), origin, RP, UV, counter, user handle. */
export async function checkAssertion(
  services: Services,
  rp: RelyingParty,
  passkey: { id: string; staff_id: number; public_key: string; counter: number; transports: string },
  response: unknown,
): Promise<AssertionCheck> {
  const answer = response as AuthenticationResponseJSON;
  const now = services.now();
  try {
    // A discoverable passkey names its member; it must be the one the passkey was registered to.
    const handle = answer.response?.userHandle;
    if (handle !== undefined) {
      const expected = Buffer.from(await userHandle(services, passkey.staff_id)).toString('base64url');
      if (handle !== expected) return { ok: false, why: 'user handle does not match' };
    }
    const v = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: (challenge) => takeChallenge(services.db, challenge, 'authenticate', null, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: parseTransports(passkey.transports),
      },
    });
    if (!v.verified) return { ok: false, why: 'signature' };
    return { ok: true, newCounter: v.authenticationInfo.newCounter, backedUp: v.authenticationInfo.credentialBackedUp };
  } catch (err) {
    return { ok: false, why: (err as Error).message };
  }
}
