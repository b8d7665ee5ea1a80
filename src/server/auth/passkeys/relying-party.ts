import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import { serverSecret } from '../../db/repositories/server-secrets';
import { isHttps } from '../../http/client-address';
import type { Services } from '../../services';

/** Who the passkeys belong to (WebAuthn's "relying party") for one request. */
export interface RelyingParty {
  /** The host name without port: passkeys are bound to it (and work on its subdomains' pages only if equal). */
  id: string;
  /** The page origin the browser must report in clientDataJSON. */
  origin: string;
  name: string;
}

const lastForwarded = (c: Context, header: string) =>
  c.req
    .header(header)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();

/**
 * The address the request came to (its Host, or behind a trusted proxy X-Forwarded-Host): the
 * console is served from the same origin as the API. There is no configured public address
 * (LECTERN_PUBLIC_URL) yet; with one, this is where it would take over. A forged Host gains
 * nothing: the browser binds a passkey to the page's own host and signs the page's origin, which
 * must equal this.
 */
export function relyingParty(c: Context, services: Pick<Services, 'config'>): RelyingParty {
  const trustProxy = services.config.trustProxy;
  const host = (trustProxy ? lastForwarded(c, 'x-forwarded-host') : undefined) ?? new URL(c.req.url).host;
  const origin = `${isHttps(c, trustProxy) ? 'https' : 'http'}://${host}`;
  return { id: new URL(origin).hostname, origin, name: 'Lectern' };
}

/**
 * The WebAuthn user handle of a member: stable (an authenticator keeps one passkey per site and
 * handle), and opaque (an HMAC of the staff id under a server secret), since the handle is stored
 * on the authenticator and must not carry personal data.
 */
export async function userHandle(services: Pick<Services, 'db' | 'now'>, staffId: number): Promise<Uint8Array> {
  const key = await serverSecret(services.db, 'passkey-user-handle', services.now());
  return new Uint8Array(createHmac('sha256', key).update(`staff:${staffId}`).digest());
}
