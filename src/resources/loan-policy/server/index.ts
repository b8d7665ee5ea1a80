import { Hono } from 'hono';
import { currentUser, requireRole } from '../../../server/auth/middleware';
import type { AppEnv } from '../../../server/context';
import { auditEntry } from '../../../server/crud/audit-entry';
import type { Db } from '../../../server/crud/types';
import { staleVersion } from '../../../server/crud/write';
import { diffRecords, writeAudit } from '../../../server/db/repositories/audit';
import { ok } from '../../../server/http/envelope';
import type { NounServer } from '../../../server/http/noun';
import { readJson } from '../../../server/http/validate';
import type { Services } from '../../../server/services';
import { type LoanPolicy, loanPolicyUpdateSchema } from '../schema';
import { loanPolicySpec } from '../spec';
import { loanPolicySeed } from './seed';

/** The one row (migration 0016 inserts it). */
const POLICY_ID = 1;
const TITLE = 'Loan policy';

const read = (db: Db) => db.selectFrom('loan_policy').selectAll().where('id', '=', POLICY_ID).executeTakeFirst();

function toPolicy(r: Awaited<ReturnType<typeof read>>): LoanPolicy {
  return {
    loanDays: Number(r?.loan_days ?? 21),
    maxRenewals: Number(r?.max_renewals ?? 2),
    holdDays: Number(r?.hold_days ?? 3),
    remindDaysBefore: Number(r?.remind_days_before ?? 2),
    version: Number(r?.version ?? 1),
    updatedAt: r?.updated_at ?? '',
  };
}

/** GET /loan-policy (every member), PUT /loan-policy (administrators; audited, versioned). */
export function loanPolicyServer(services: Services): NounServer {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => ok(c, toPolicy(await read(services.db))));

  app.put('/', requireRole('admin'), async (c) => {
    const input = await readJson(c, loanPolicyUpdateSchema, ['updatedAt', 'id']);
    const user = currentUser(c);
    const out = await services.db.transaction().execute(async (trx) => {
      const at = services.now().toISOString();
      const row = await read(trx);
      const before = toPolicy(row);
      if (input.version !== undefined && input.version !== before.version)
        throw staleVersion(before.version, input.version, before);
      const columns = {
        loan_days: input.loanDays,
        max_renewals: input.maxRenewals,
        hold_days: input.holdDays,
        remind_days_before: input.remindDaysBefore,
        version: before.version + 1,
        updated_at: at,
      };
      if (row) {
        const res = await trx
          .updateTable('loan_policy')
          .set(columns)
          .where('id', '=', POLICY_ID)
          .where('version', '=', before.version)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw staleVersion(before.version + 1, before.version);
      } else {
        await trx
          .insertInto('loan_policy')
          .values({ id: POLICY_ID, ...columns })
          .execute();
      }
      const after = toPolicy(await read(trx));
      const changes = diffRecords({ ...before }, { ...after }, ['version', 'updatedAt']);
      await writeAudit(trx, auditEntry(user, 'update', 'loanPolicy', POLICY_ID, at, changes, TITLE));
      return after;
    });
    void services.events.publishChange({
      resource: 'loanPolicy',
      id: POLICY_ID,
      version: out.version,
      action: 'update',
      actor: { id: user.staffId, name: user.name || user.userName },
    });
    return ok(c, out);
  });

  return {
    routes: { [`/${loanPolicySpec.api}`]: app },
    // Its changes reach every console (the desk reads the periods); Home does not count it.
    resource: { noun: 'loanPolicy', api: loanPolicySpec.api, table: 'loan_policy' },
    seed: loanPolicySeed,
    figures: { count: false },
  };
}
