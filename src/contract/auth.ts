import { z } from 'zod';
import { ROLES } from './values';

export { ROLES };

export type Role = (typeof ROLES)[number];

/** POST /auth/login. `userName` is an account name or a phone number; trimmed (docs/product.md §5). */
export const loginSchema = z.strictObject({
  userName: z.string({ error: 'required' }).trim().min(1, 'required').max(50, 'at most 50 characters'),
  password: z.string({ error: 'required' }).min(1, 'required').max(200, 'at most 200 characters'),
  /**
   * "Keep me signed in on this device" (docs/api-additions.md): the session cookie outlives the
   * window, until the session's absolute end. Absent: false, as the original console sent.
   */
  remember: z.boolean({ error: 'must be true or false' }).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface LoginResult {
  token: string;
  /** Present (true) when the password was set by an admin or generated at first start. */
  mustChangePassword?: true;
  /** With `remember`: the session's absolute end (ISO 8601), when the sign-in's cookies expire. */
  expiresAt?: string;
}

/** GET /auth/info */
export interface UserInfo {
  /** The member's staff account (an addition to docs/product.md's fields: the console needs to know its own). */
  id: number;
  userName: string;
  roles: Role[];
  name: string;
  avatar: string;
  introduction: string;
  /** As in LoginResult: until changed, every call but info, password and logout answers 40310. */
  mustChangePassword?: true;
}

/**
 * PUT /auth/password. The strength rule (length, common passwords) is checked by the server with
 * password-policy.ts; here only the bounds every field has.
 */
export const passwordChangeSchema = z.strictObject({
  oldPassword: z.string({ error: 'required' }).min(1, 'required').max(200, 'at most 200 characters'),
  newPassword: z.string({ error: 'required' }).min(1, 'required').max(200, 'at most 200 characters'),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** GET /auth/sessions: the signed-in member's sessions ("signed-in devices"), newest activity first. */
export interface SessionInfo {
  /** An opaque id for DELETE /auth/sessions/:id; never the token or its hash. */
  id: string;
  /** The session this request was made with (it cannot be ended here: sign out instead). */
  current: boolean;
  /** The User-Agent header at sign-in, cut to 300 characters. */
  userAgent: string;
  /** The client address at sign-in. */
  address: string;
  createdAt: string;
  lastSeenAt: string;
}

/** Mainland China mobile numbers, the site's staff phones; also accepts +country forms. */
export const PHONE_RE = /^(\+\d{1,3}[ -]?)?\d{6,14}$/;
