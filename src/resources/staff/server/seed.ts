import { randomBytes } from 'node:crypto';
import { replaceRecoveryCodes } from '../../../server/auth/factors';
import { hashPassword } from '../../../server/auth/password';
import { newTotpSecret, totpStep } from '../../../server/auth/totp';
import { insertStaff } from '../../../server/db/repositories/staff';
import type { DemoSeed } from '../../../server/db/seed/parts';

/**
 * One demo member who has set up two-step sign-in (an authenticator app and its recovery codes),
 * so the Staff screen's "Reset two-step sign-in" has someone to act on. Nobody knows the password
 * or the secret: it is an example to look at, not an account to use.
 */
export const staffSeed: DemoSeed = {
  async run({ trx, now }) {
    const taken = await trx.selectFrom('staff_totp').select('staff_id').limit(1).executeTakeFirst();
    if (taken) return {};
    const at = now.toISOString();
    const id = await insertStaff(
      trx,
      {
        userName: 'desk.two.step',
        phone: '13800000222',
        name: 'Desk (two-step)',
        roles: ['operator'],
        passwordHash: await hashPassword(randomBytes(18).toString('base64url')),
      },
      at,
    );
    await trx
      .insertInto('staff_totp')
      .values({ staff_id: id, secret: newTotpSecret(), last_step: totpStep(now), created_at: at, confirmed_at: at })
      .execute();
    await replaceRecoveryCodes(trx, id, now);
    return { 'staff with two-step sign-in': 1 };
  },
};
