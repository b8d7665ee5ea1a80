import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../contract/auth';
import type { AppEnv, AuthUser } from '../context';
import { deleteSession, findSession, touchIfAlive } from '../db/repositories/sessions';
import { parseRoles } from '../db/repositories/staff';
import { drainBeforeRefusal } from '../http/body-limit';
import { ApiError, forbidden, illegalToken, passwordChangeRequired, tokenExpired } from '../http/errors';
import type { Services } from '../services';
import { hashToken } from './tokens';

export interface AuthOptions {
  /** `/auth/info` also takes `?token=` as the original console sent it. */
  allowQueryToken?: boolean;
  /**
   * Info, password change and logout answer while the member must change the password; every
   * other route answers 40310 (docs/api.md §6).
   */
  allowPasswordChangeRequired?: boolean;
}

/**
 * Authenticates by the `X-Token` header only, never a cookie, so a cross-site request cannot act
 * for a signed-in user (docs/api.md §1).
 */
/** How long a refused request's body is read away before the refusal is sent regardless. */
const DRAIN_WAIT_MS = 300;

export function requireAuth(services: Services, opts: AuthOptions = {}): MiddlewareHandler<AppEnv> {
  const authenticate = authenticator(services, opts);
  return async (c, next) => {
    try {
      await authenticate(c);
    } catch (err) {
      // A refused upload is still being sent: read it away so the client gets the 401 instead of a
      // reset connection. Not for long, for a client without a session: past DRAIN_WAIT_MS (or
      // the drain limit) the answer goes at once and closes the connection.
      if (err instanceof ApiError) {
        const { close } = await Promise.race([
          drainBeforeRefusal(c.req.raw),
          new Promise<{ close: boolean }>((resolve) => setTimeout(() => resolve({ close: true }), DRAIN_WAIT_MS)),
        ]);
        if (close) throw new ApiError(err.code, err.msg, err.data, { ...err.headers, Connection: 'close' });
      }
      throw err;
    }
    await next();
  };
}

function authenticator(services: Services, opts: AuthOptions) {
  const idleMs = services.config.tokenIdleMinutes * 60_000;
  return async (c: Context<AppEnv>) => {
    const token = c.req.header('x-token') || (opts.allowQueryToken ? c.req.query('token') : undefined);
    if (!token || token.length > 200) throw illegalToken();
    const tokenHash = hashToken(token);
    const s = await findSession(services.db, tokenHash);
    if (!s) throw illegalToken();
    // Disabling an account deletes its sessions; this covers a race with that write.
    if (s.status !== 'active') throw illegalToken();
    // Checked and marked used in one statement: exact to the request, on every instance.
    const now = services.now().getTime();
    const alive = await touchIfAlive(
      services.db,
      tokenHash,
      new Date(now).toISOString(),
      new Date(now - idleMs).toISOString(),
    );
    if (!alive) {
      // last_seen_at never moves back: alive when read but not now means it was ended meanwhile.
      if (Date.parse(s.last_seen_at) >= now - idleMs) throw illegalToken();
      await deleteSession(services.db, tokenHash);
      throw tokenExpired();
    }
    const mustChangePassword = s.must_change_password === 1;
    if (mustChangePassword && !opts.allowPasswordChangeRequired) throw passwordChangeRequired();
    c.set('auth', {
      staffId: s.staff_id,
      userName: s.user_name,
      name: s.name,
      roles: parseRoles(s.roles),
      tokenHash,
      mustChangePassword,
    });
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
