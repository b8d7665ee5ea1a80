/**
 * The passkey tables (migrations/0018-passkeys.ts). Same conventions as the rest of the schema:
 * ISO-8601 UTC text times, 0/1 booleans, JSON as text.
 */

/** One registered passkey (a WebAuthn credential) of a staff member. */
export interface StaffPasskeyTable {
  /** The credential id, base64url, as the browser reports it (rawId). */
  id: string;
  staff_id: number;
  /** The member's own name for it ("Work laptop"); ≤ 60 characters. */
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter last seen (0 for those that do not count). */
  counter: number;
  /** JSON array of the transports the browser reported (internal, hybrid, usb…), to hint later requests. */
  transports: string;
  /** 'singleDevice' or 'multiDevice' (synced passkey). */
  device_type: string;
  /** 1 when the authenticator said the credential is backed up (synced). */
  backed_up: number;
  created_at: string;
  last_used_at: string | null;
}

/**
 * A challenge handed out for one ceremony: single use (taken by a DELETE … RETURNING), short lived,
 * in the database so a ceremony started on one instance finishes on another.
 */
export interface PasskeyChallengeTable {
  /** The challenge itself, base64url (random 32 bytes). */
  challenge: string;
  /** 'register' (bound to staff_id) or 'authenticate' (signed out: staff_id NULL). */
  purpose: string;
  staff_id: number | null;
  created_at: string;
  expires_at: string;
}
