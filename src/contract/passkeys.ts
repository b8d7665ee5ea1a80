import { z } from 'zod';

/**
 * Passkeys (docs/passkeys.md, docs/api-additions.md "Passkeys"): the member's WebAuthn credentials,
 * added on the account page and usable instead of the password and its code. The ceremonies'
 * options and answers are WebAuthn's own JSON (PublicKeyCredentialCreationOptionsJSON …), passed
 * through as they are; only the fields around them are checked here.
 */

export const PASSKEY_NAME_MAX = 60;

const name = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(PASSKEY_NAME_MAX, `at most ${PASSKEY_NAME_MAX} characters`);

/** A browser's credential answer: an object, checked by the WebAuthn library, not here. */
const credential = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
});

/** POST /auth/passkeys/registration/verify */
export const passkeyRegisterSchema = z.strictObject({
  name,
  response: credential,
});

/** PUT /auth/passkeys/:id */
export const passkeyRenameSchema = z.strictObject({ name });

/** POST /auth/passkeys/authentication/verify: as /auth/login's `remember`. */
export const passkeySignInSchema = z.strictObject({
  response: credential,
  remember: z.boolean({ error: 'must be true or false' }).optional(),
});

/** GET /auth/passkeys: one of the member's passkeys. Never the key itself. */
export interface PasskeyInfo {
  /** The credential id (base64url): the id of PUT/DELETE /auth/passkeys/:id. */
  id: string;
  name: string;
  createdAt: string;
  /** The last sign-in with it; null: never used yet. */
  lastUsedAt: string | null;
  /** Synced across the member's devices (a multi-device passkey) rather than bound to one. */
  synced: boolean;
  /** What the browser reported: internal, hybrid, usb, nfc, ble… */
  transports: string[];
}
