import type { Context } from 'hono';
import type { SecurityEventKind } from '../../contract/security-events';
import type { AppEnv } from '../context';
import { clientAddress } from '../http/client-address';
import { currentUser } from './middleware';
import type { SecurityEvent } from './security-events';

/**
 * An event about the signed-in member's own account, done by them from this request: the member is
 * both account and actor, with the request's address and browser. One shape for the account routes
 * (routes.ts, mfa/routes.ts, passkeys/routes.ts), so their trail entries read alike.
 */
export const ownEventOf =
  (trustProxy: boolean) =>
  (c: Context<AppEnv>, kind: SecurityEventKind, reason: string | null = null): SecurityEvent => {
    const user = currentUser(c);
    const me = { id: user.staffId, userName: user.userName };
    return {
      kind,
      reason,
      account: me,
      actor: me,
      address: clientAddress(c, trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
    };
  };
