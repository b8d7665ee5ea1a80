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
});
