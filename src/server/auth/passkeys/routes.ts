import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { LoginResult } from '../../../contract/auth';
import { passkeyRegisterSchema, passkeyRenameSchema, passkeySignInSchema } from '../../../contract/passkeys';
import type { SecurityEventKind } from '../../../contract/security-events';
import type { AppEnv } from '../../context';
import { findStaffById } from '../../db/repositories/staff';
import { clientAddress } from '../../http/client-address';
import { ok } from '../../http/envelope';
import { illegalToken, notFound } from '../../http/errors';
import { readJson } from '../../http/validate';
import type { Services } from '../../services';
import { deviceCookieKey, readDeviceNonce } from '../device-cookie';
import { currentUser, requireAuth } from '../middleware';
import { ownEventOf } from '../own-event';
import { recordSecurityEvent } from '../security-events';
import { sessionAnswer } from '../sign-in-answer';
import { authenticationOptions, registerPasskey, registrationOptions } from './ceremonies';
import { relyingParty } from './relying-party';
import { signInWithPasskey } from './sign-in';
import { deletePasskey, listPasskeys, passkeyInfo, renamePasskey } from './store';

/** A credential id as browsers make them: base64url, at most 1023 bytes. */
const ID_RE = /^[\w-]{1,1400}$/;

export interface PasskeyRouteOptions {
  /**
   * Extra checks before adding, renaming or removing a passkey (a recent sign-in: the step-up
   * middleware). Runs after the session check.
   */
  stepUp?: MiddlewareHandler<AppEnv>;
}

/**
 * /auth/passkeys (docs/api-additions.md "Passkeys"), mounted beside /auth/* before the API's
 * catch-all auth: the sign-in pair is public; the rest need a session (not while the password must
 * be changed, as /auth/sessions).
 */
export function passkeyRoutes(services: Services, opts: PasskeyRouteOptions = {}): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const trustProxy = services.config.trustProxy;
  const signedIn = requireAuth(services);
  const stepUp = opts.stepUp;
  const manage: MiddlewareHandler<AppEnv> = stepUp
    ? (c, next) => signedIn(c, async () => void (await stepUp(c, next)))
    : signedIn;
  const own = ownEventOf(trustProxy);
  const ownEvent = (c: Context<AppEnv>, kind: SecurityEventKind) => own(c, kind, 'passkey');

  api.get('/auth/passkeys', signedIn, async (c) => {
    const rows = await listPasskeys(services.db, currentUser(c).staffId);
    return ok(c, rows.map(passkeyInfo));
  });

  api.post('/auth/passkeys/registration/options', manage, async (c) => {
    const user = currentUser(c);
    const staff = await findStaffById(services.db, user.staffId);
    if (!staff) throw illegalToken();
    const options = await registrationOptions(services, relyingParty(c, services), {
      staffId: staff.id,
      userName: staff.user_name,
      name: staff.name,
    });
    return ok(c, options);
  });

  api.post('/auth/passkeys/registration/verify', manage, async (c) => {
    const input = await readJson(c, passkeyRegisterSchema);
    const user = currentUser(c);
    const info = await registerPasskey(
      services,
      relyingParty(c, services),
      user.staffId,
      input,
      ownEvent(c, 'factor_enrolled'),
    );
    return ok(c, info, 201);
  });

  api.put('/auth/passkeys/:id', manage, async (c) => {
    const id = c.req.param('id');
    const { name } = await readJson(c, passkeyRenameSchema);
    if (!ID_RE.test(id) || !(await renamePasskey(services.db, currentUser(c).staffId, id, name)))
      throw notFound('Passkey');
    return ok(c, null);
  });

  api.delete('/auth/passkeys/:id', manage, async (c) => {
    const id = c.req.param('id');
    // Another member's passkey answers exactly like an unknown id.
    const gone = ID_RE.test(id) ? await deletePasskey(services.db, currentUser(c).staffId, id) : undefined;
    if (!gone) throw notFound('Passkey');
    await recordSecurityEvent(services, {
      ...ownEvent(c, 'factor_removed'),
      changes: { passkey: { from: gone.name, to: null } },
    });
    return ok(c, null);
  });

  api.post('/auth/passkeys/authentication/options', async (c) => {
    return ok(c, await authenticationOptions(services, relyingParty(c, services)));
  });

  // As POST /auth/login (routes.ts): the same cookies and answer (sign-in-answer.ts).
  api.post('/auth/passkeys/authentication/verify', async (c) => {
    const input = await readJson(c, passkeySignInSchema);
    const key = await deviceCookieKey(services);
    const out = await signInWithPasskey(services, relyingParty(c, services), {
      response: input.response,
      address: clientAddress(c, trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
      deviceNonce: (staffId) => readDeviceNonce(c, key, staffId),
    });
    const data: LoginResult = await sessionAnswer(c, services, out, input.remember === true);
    return ok(c, data);
  });
  return api;
}
