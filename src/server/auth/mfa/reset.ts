import type { Services } from '../../services';
import { hasSecondFactor, removeFactors } from '../factors';
import { type SecurityEvent, writeSecurityEvents } from '../security-events';

/**
 * An administrator's (or the CLI's) reset of a member's second factors, for a lost phone: the
 * authenticator app and the recovery codes are deleted and every session of the member ends, in
 * one transaction with the trail's `factors_reset` (and `session_ended`) events. The member signs
 * in with the password alone next, and enrols again if LECTERN_MFA_REQUIRED asks it.
 */
export async function resetFactors(
  services: Pick<Services, 'db' | 'now'>,
  account: { id: number; userName: string },
  /** The administrator; null: the command line (npm run reset-mfa). */
  actor: { id: number; userName: string } | null,
  client: { address?: string | null; userAgent?: string | null } = {},
): Promise<{ hadFactor: boolean; sessionsEnded: number }> {
  return services.db.transaction().execute(async (trx) => {
    const hadFactor = await hasSecondFactor(trx, account.id);
    await removeFactors(trx, account.id);
    await trx.deleteFrom('staff_passkey').where('staff_id', '=', account.id).execute();
    const ended = Number(
      (await trx.deleteFrom('session').where('staff_id', '=', account.id).executeTakeFirst()).numDeletedRows,
    );
    const base = { account, actor, ...client };
    const events: SecurityEvent[] = [{ ...base, kind: 'factors_reset', reason: actor ? 'admin' : 'cli' }];
    if (ended > 0)
      events.push({
        ...base,
        kind: 'session_ended',
        reason: 'factors_reset',
        changes: { sessions: { from: ended, to: 0 } },
      });
    await writeSecurityEvents(trx, services, events);
    return { hadFactor, sessionsEnded: ended };
  });
}
