import { proxy } from 'valtio';
import type { Role } from '../contract/auth';
import { getToken } from '../lib/token';

/** The signed-in staff member (docs/product.md §3 "Session user"). Roles empty = info not loaded yet. */
export const sessionStore = proxy({
  token: getToken() ?? '',
  name: '',
  avatar: '',
  introduction: '',
  roles: [] as Role[],
  /** The member's own staff account (the staff form cannot set one's own password). */
  id: 0,
  userName: '',
  /** The password was set by an admin or generated: nothing but the change page until it is changed. */
  mustChangePassword: false,
});

/**
 * Counts what this page did to the session's state on the server (a password change, a sign-out):
 * an answer to a request sent before the count moved describes the session as it was, so it must
 * not bring the old state back (a session check or a 40310 arriving after the change went
 * through). Kept outside the store: nothing renders from it.
 */
let epoch = 0;
export const sessionEpoch = (): number => epoch;
export function nextSessionEpoch(): void {
  epoch += 1;
}
