import type { Hono } from 'hono';
import { loginSchema, type UserInfo } from '../../contract/auth';
import type { AppDeps, AppEnv } from '../context';
import { deleteSession, findSession } from '../db/repositories/sessions';
import { parseRoles } from '../db/repositories/staff';
import { clientAddress } from '../http/client-address';
import { ok } from '../http/envelope';
import { illegalToken } from '../http/errors';
import { readJson } from '../http/validate';
import { login } from './login';
import { currentUser, requireAuth } from './middleware';

/**
 * Registered before the API's catch-all auth middleware: login is public, and info/logout carry
 * their own auth (info also reads `?token=`). A handler that answers ends the chain, so the
 * catch-all never runs twice.
 */
export function registerAuthRoutes(api: Hono<AppEnv>, deps: AppDeps) {
  api.post('/auth/login', async (c) => {
    const input = await readJson(c, loginSchema);
    const token = await login(deps, input, clientAddress(c, deps.config.trustProxy));
    return ok(c, { token });
  });

  api.get('/auth/info', requireAuth(deps, { allowQueryToken: true }), async (c) => {
    const user = currentUser(c);
    const s = await findSession(deps.db, user.tokenHash);
    if (!s) throw illegalToken();
    const info: UserInfo = {
      roles: parseRoles(s.roles),
      name: s.name,
      avatar: s.avatar ?? '',
      introduction: s.introduction ?? '',
    };
    return ok(c, info);
  });

  const logout = requireAuth(deps);
  for (const path of ['/auth/logout', '/vue-element-admin/user/logout']) {
    api.post(path, logout, async (c) => {
      await deleteSession(deps.db, currentUser(c).tokenHash);
      return ok(c, null);
    });
  }
}
