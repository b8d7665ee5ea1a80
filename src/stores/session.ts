import { proxy } from 'valtio';
import type { Role } from '../contract/auth';
import { getSignInName, getToken } from '../lib/token';

/** The signed-in staff member (SPEC.md §3 "Session user"). Roles empty = info not loaded yet. */
export const sessionStore = proxy({
  token: getToken() ?? '',
  name: '',
  avatar: '',
  introduction: '',
  roles: [] as Role[],
  /**
   * What the member typed to sign in (account name or phone): /auth/info does not say which staff
   * account is the member's own, and the staff form needs to know (it cannot set one's own password).
   */
  signInName: getSignInName() ?? '',
  /** The password was set by an admin or generated: nothing but the change page until it is changed. */
  mustChangePassword: false,
});
