import { z } from 'zod';
import { ROLES } from './values';

export { ROLES };

export type Role = (typeof ROLES)[number];

/** POST /auth/login. `userName` is an account name or a phone number; trimmed (SPEC.md §5). */
export const loginSchema = z.strictObject({
  userName: z.string({ error: 'required' }).trim().min(1, 'required').max(50, 'at most 50 characters'),
  password: z.string({ error: 'required' }).min(1, 'required').max(200, 'at most 200 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface LoginResult {
  token: string;
}

/** GET /auth/info */
export interface UserInfo {
  roles: Role[];
  name: string;
  avatar: string;
  introduction: string;
}

/** Mainland China mobile numbers, the site's staff phones; also accepts +country forms. */
export const PHONE_RE = /^(\+\d{1,3}[ -]?)?\d{6,14}$/;
