import type { Context } from 'hono';
import type { LoginResult } from '../../contract/auth';
import type { AppEnv } from '../context';
import { isHttps } from '../http/client-address';
import type { Services } from '../services';
import { deviceCookieKey, setDeviceCookie } from './device-cookie';
import type { SessionOutcome } from './login';
import { sessionCookie } from './session-cookie';

/**
 * A finished sign-in's answer (by password alone, after its second step, or by a passkey: routes.ts,
 * mfa/routes.ts, passkeys/routes.ts), one for all so the sign-in page treats each alike: the device cookie,
 * the service worker's session cookie (for this window only, or, remembered, until the session's
 * absolute end, which the sign-in page gives its own cookie too) and the token.
 */
export async function sessionAnswer(
  c: Context<AppEnv>,
  services: Services,
  out: SessionOutcome,
  remember: boolean,
): Promise<LoginResult> {
  const secure = isHttps(c, services.config.trustProxy);
  await setDeviceCookie(c, await deviceCookieKey(services), out.staffId, out.deviceNonce, secure);
  c.header('Set-Cookie', sessionCookie(out.token, secure, remember ? out.expiresAt : undefined, services.now()), {
    append: true,
  });
  return {
    token: out.token,
    // Present only when true (docs/api.md §6).
    ...(out.mustChangePassword ? { mustChangePassword: true as const } : {}),
    ...(remember ? { expiresAt: out.expiresAt.toISOString() } : {}),
  };
}
