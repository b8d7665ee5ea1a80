import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../contract/auth';
import type { AppDeps, AppEnv, AuthUser } from '../context';
import { deleteSession, findSession, touchSession } from '../db/repositories/sessions';
import { parseRoles } from '../db/repositories/staff';
import { forbidden, illegalToken, tokenExpired } from '../http/errors';
import { hashToken } from './tokens';

/** Writing last_seen_at on every request would turn every read into a write; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Authenticates by the `X-Token` header only, never a cookie, so a cross-site request cannot act
 * for a signed-in user (API.md §1). `/auth/info` also takes `?token=` as the original console sent it.
 */
export function requireAuth(deps: AppDeps, opts: { allowQueryToken?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const idleMs = deps.config.tokenIdleMinutes * 60_000;
  return async (c, next) => {
    const token = c.req.header('x-token') || (opts.allowQueryToken ? c.req.query('token') : undefined);
    if (!token || token.length > 200) throw illegalToken();
    const tokenHash = hashToken(token);
    const s = await findSession(deps.db, tokenHash);
    if (!s) throw illegalToken();
    const now = deps.now().getTime();
    const lastSeen = Date.parse(s.last_seen_at);
    if (lastSeen + idleMs < now) {
      await deleteSession(deps.db, tokenHash);
      throw tokenExpired();
    }
    // Disabling an account deletes its sessions; this covers a race with that write.
    if (s.status !== 'active') throw illegalToken();
    if (now - lastSeen >= TOUCH_EVERY_MS) await touchSession(deps.db, tokenHash, new Date(now).toISOString());
    c.set('auth', { staffId: s.staff_id, userName: s.user_name, name: s.name, roles: parseRoles(s.roles), tokenHash });
    await next();
  };
}

export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = currentUser(c);
    if (!user.roles.some((r) => roles.includes(r))) throw forbidden(`Only ${roles.join(' or ')} may do this`);
    await next();
  };
}

export function currentUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('auth');
  if (!user) throw illegalToken();
  return user;
}
