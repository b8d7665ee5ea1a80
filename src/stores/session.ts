import { proxy } from 'valtio';
import type { Role } from '../contract/auth';
import { getToken } from '../lib/token';

/** The signed-in staff member (SPEC.md §3 "Session user"). Roles empty = info not loaded yet. */
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
