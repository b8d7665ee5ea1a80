import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  type LoginResult,
  loginSchema,
  passwordChangeSchema,
  type SessionInfo,
  type UserInfo,
} from '../../contract/auth';
import type { MfaChallengeResult } from '../../contract/mfa';
import type { SignInEvent } from '../../contract/security-events';
import type { AppEnv } from '../context';
import { deleteSession, deleteStaffSession, findSession, listStaffSessions } from '../db/repositories/sessions';
import { parseRoles } from '../db/repositories/staff';
import { clientAddress, isHttps } from '../http/client-address';
import { ok } from '../http/envelope';
import { illegalToken, invalidField, notFound } from '../http/errors';
import { readJson } from '../http/validate';
import type { Services } from '../services';
import { deviceCookieKey, readDeviceNonce } from './device-cookie';
import { hasSecondFactor } from './factors';
import { login } from './login';
import { mfaRoutes } from './mfa/routes';
import { currentUser, requireAuth } from './middleware';
import { ownEventOf } from './own-event';
import { changePassword } from './password-change';
import { recentSignIns, recordSecurityEvent } from './security-events';
import { clearedSessionCookie, SESSION_COOKIE } from './session-cookie';
import { sessionAnswer } from './sign-in-answer';
import { reauthRequired, recentlyAuthenticated } from './step-up';
import { hashToken } from './tokens';

/** Present only when true (docs/api.md §6). */
const mustChange = (flag: boolean) => (flag ? { mustChangePassword: true as const } : {});

const PUBLIC_ID_RE = /^[\w-]{22}$/;

/**
 * `/auth/*` and the old logout path, a sub-app for /prod-api mounted before the API's catch-all
 * auth middleware: login is public, and the others carry their own auth (info also reads
 * `?token=`; info, password and logout also answer while the password must be changed). A handler
 * that answers ends the chain, so the catch-all never runs twice.
 */
export function authRoutes(services: Services): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const trustProxy = services.config.trustProxy;
  const ownEvent = ownEventOf(trustProxy);

  api.post('/auth/login', async (c) => {
    const input = await readJson(c, loginSchema);
    const key = await deviceCookieKey(services);
    const out = await login(services, {
      input,
      address: clientAddress(c, trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
      deviceNonce: (staffId) => readDeviceNonce(c, key, staffId),
    });
    // A second step comes first (contract/mfa.ts): no token and no cookie, only the challenge.
    if (out.kind === 'challenge') {
      const data: MfaChallengeResult =
        out.purpose === 'verify'
          ? { mfaRequired: true, challenge: out.challenge }
          : { mfaEnrolRequired: true, challenge: out.challenge };
      return ok(c, data);
    }
    const data: LoginResult = await sessionAnswer(c, services, out, input.remember === true);
    return ok(c, data);
  });
  api.route('/', mfaRoutes(services));

  api.get(
    '/auth/info',
    requireAuth(services, { allowQueryToken: true, allowPasswordChangeRequired: true }),
    async (c) => {
      const user = currentUser(c);
      const s = await findSession(services.db, user.tokenHash);
      if (!s) throw illegalToken();
      const info: UserInfo = {
        id: s.staff_id,
        userName: s.user_name,
        roles: parseRoles(s.roles),
        name: s.name,
        avatar: s.avatar ?? '',
        introduction: s.introduction ?? '',
        ...mustChange(s.must_change_password === 1),
      };
      return ok(c, info);
    },
  );

  // With a second factor, the current password alone does not suffice: a recent sign-in or
  // confirmation too (step-up.ts), so a stolen session that learnt the password cannot lock the
  // member out. The answer is null, or the enrolment a required change leads to (password-change.ts).
  api.put('/auth/password', requireAuth(services, { allowPasswordChangeRequired: true }), async (c) => {
    const input = await readJson(c, passwordChangeSchema);
    const user = currentUser(c);
    if (
      (await hasSecondFactor(services.db, user.staffId)) &&
      !(await recentlyAuthenticated(services.db, user.tokenHash, services.now()))
    )
      throw reauthRequired();
    const next = await changePassword(services, user, input, ownEvent(c, 'password_changed', 'self'));
    return ok(c, next ?? null);
  });

  const logout = requireAuth(services, { allowPasswordChangeRequired: true });
  for (const path of ['/auth/logout', '/vue-element-admin/user/logout']) {
    api.post(path, logout, async (c) => {
      const { tokenHash } = currentUser(c);
      if (await deleteSession(services.db, tokenHash)) await recordSecurityEvent(services, ownEvent(c, 'sign_out'));
      // The worker's cookie goes with the session it names (another member's, signed in on this
      // profile since, stays theirs).
      const cookie = getCookie(c, SESSION_COOKIE);
      if (cookie && hashToken(cookie) === tokenHash)
        c.header('Set-Cookie', clearedSessionCookie(isHttps(c, trustProxy)), { append: true });
      return ok(c, null);
    });
  }

  // The member's own sessions ("signed-in devices"). Not on the 40310 list: a member who must
  // change the password does that first.
  api.get('/auth/sessions', requireAuth(services), async (c) => {
    const user = currentUser(c);
    const rows = await listStaffSessions(services.db, user.staffId);
    const list: SessionInfo[] = rows.map((r) => ({
      id: r.public_id,
      current: r.token_hash === user.tokenHash,
      userAgent: r.user_agent,
      address: r.address,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
    }));
    return ok(c, list);
  });

  api.delete('/auth/sessions/:id', requireAuth(services), async (c) => {
    const user = currentUser(c);
    const id = c.req.param('id');
    // Another member's session answers exactly like an unknown id: ids are not probed.
    if (!PUBLIC_ID_RE.test(id)) throw notFound('Session');
    const own = await listStaffSessions(services.db, user.staffId);
    if (own.some((r) => r.public_id === id && r.token_hash === user.tokenHash))
      throw invalidField('id', 'this is the session you are using: sign out instead', { code: 'current_session' });
    if (!(await deleteStaffSession(services.db, user.staffId, id))) throw notFound('Session');
    await recordSecurityEvent(services, ownEvent(c, 'session_ended', 'by_member'));
    return ok(c, null);
  });

  // The member's own last sign-ins, successes and failures on the account (the account page):
  // only their own, so any member may read it; the whole trail is the admins' (/audit/page).
  api.get('/auth/sign-ins', requireAuth(services), async (c) => {
    const rows = await recentSignIns(services.db, currentUser(c).staffId);
    const list: SignInEvent[] = rows.map((r) => ({
      id: r.id,
      at: r.at,
      kind: r.action as SignInEvent['kind'],
      reason: r.reason,
      address: r.address,
      userAgent: r.user_agent,
    }));
    return ok(c, list);
  });
  return api;
}
