import type { Hono } from 'hono';
import { resetFactors } from '../../../server/auth/mfa/reset';
import { currentUser, requireRole } from '../../../server/auth/middleware';
import type { AppEnv } from '../../../server/context';
import { findStaffById } from '../../../server/db/repositories/staff';
import { clientAddress } from '../../../server/http/client-address';
import { ok } from '../../../server/http/envelope';
import { invalidField, notFound } from '../../../server/http/errors';
import type { Services } from '../../../server/services';

/**
 * POST /user/:id/reset-mfa (docs/accounts.md, "Two-step sign-in"): an administrator removes a
 * member's second factors (a lost phone) and signs them out everywhere; audited as
 * `factors_reset`. Not one's own: that is the account page's, behind a re-authentication.
 */
export function mfaResetRoute(services: Services, app: Hono<AppEnv>): void {
  app.post('/:id/reset-mfa', requireRole('admin'), async (c) => {
    const id = Number(c.req.param('id'));
    const user = currentUser(c);
    const staff = Number.isSafeInteger(id) && id > 0 ? await findStaffById(services.db, id) : undefined;
    if (!staff) throw notFound('Staff');
    if (staff.id === user.staffId)
      throw invalidField('id', 'manage your own two-step sign-in on your account page', { code: 'own_password' });
    const out = await resetFactors(
      services,
      { id: staff.id, userName: staff.user_name },
      { id: user.staffId, userName: user.userName },
      { address: clientAddress(c, services.config.trustProxy), userAgent: c.req.header('user-agent') ?? '' },
    );
    return ok(c, out);
  });
}
