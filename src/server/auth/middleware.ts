import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../contract/auth';
import type { AppEnv, AuthUser } from '../context';
import { deleteSession, findSession, touchIfAlive } from '../db/repositories/sessions';
import { parseRoles } from '../db/repositories/staff';
import { drainBeforeRefusal } from '../http/body-limit';
import { clientAddress, isHttps } from '../http/client-address';
import { ApiError, forbidden, illegalToken, passwordChangeRequired, tokenExpired } from '../http/errors';
import type { Services } from '../services';
import { recordSecurityEvent } from './security-events';
import { clearedSessionCookie, cookieCredential } from './session-cookie';
import { SESSION_END_HEADER, sessionAlive, sessionEnd, sessionLimits } from './session-life';
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

/** How long a refused request's body is read away before the refusal is sent regardless. */
const DRAIN_WAIT_MS = 300;

/**
 * Authenticates by the `X-Token` header (docs/api.md §1). Without one, by the HttpOnly session
 * cookie, and only with the `X-Lectern-Session` header naming the same session
 * (session-cookie.ts): a cross-site request can send neither, so the cookie alone acts for nobody.
 */
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

/** The token the request authenticates with, and whether it came from the session cookie. */
function credential(c: Context<AppEnv>, opts: AuthOptions): { token: string | undefined; viaCookie: boolean } {
  const header = c.req.header('x-token') || (opts.allowQueryToken ? c.req.query('token') : undefined);
  if (header) return { token: header, viaCookie: false };
  const cookie = cookieCredential(c);
  return { token: cookie, viaCookie: cookie !== undefined };
}

function authenticator(services: Services, opts: AuthOptions) {
  return async (c: Context<AppEnv>) => {
    const { token, viaCookie } = credential(c, opts);
    if (!token || token.length > 200) throw illegalToken();
    // A cookie whose session is over is useless: the refusal also removes it from the browser. (A
    // cookie whose header did not match is left alone: it may be a newer member's, still good.)
    const refuse = (err: ApiError) =>
      viaCookie
        ? new ApiError(err.code, err.msg, err.data, {
            ...err.headers,
            'Set-Cookie': clearedSessionCookie(isHttps(c, services.config.trustProxy)),
          })
        : err;
    const tokenHash = hashToken(token);
    const s = await findSession(services.db, tokenHash);
    if (!s) throw refuse(illegalToken());
    // Disabling an account deletes its sessions; this covers a race with that write.
    if (s.status !== 'active') throw refuse(illegalToken());
    // Checked (idle and absolute end) and marked used in one statement: exact to the request, on
    // every instance.
    const limits = sessionLimits(services.config, services.now());
    if (!(await touchIfAlive(services.db, tokenHash, limits))) {
      // last_seen_at never moves back: alive when read but not now means it was ended meanwhile.
      if (sessionAlive(s, limits)) throw refuse(illegalToken());
      if (await deleteSession(services.db, tokenHash))
        await recordSecurityEvent(services, {
          kind: 'session_expired',
          reason: s.last_seen_at < limits.idleSince ? 'idle' : 'absolute',
          account: { id: s.staff_id, userName: s.user_name },
          actor: null,
          address: clientAddress(c, services.config.trustProxy),
          userAgent: c.req.header('user-agent') ?? '',
        });
      throw refuse(tokenExpired());
    }
    // The console warns before this and renews the session in place (src/features/session/).
    c.header(SESSION_END_HEADER, sessionEnd(s, services.config).toISOString());
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
