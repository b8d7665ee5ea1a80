import type { DemoSeed } from '../../../server/db/seed/parts';

/** The demo site's loan policy: the migration's row, with a date (a copied database needs the row). */
export const loanPolicySeed: DemoSeed = {
  async run({ trx, now }) {
    const at = now.toISOString();
    const row = await trx.selectFrom('loan_policy').select('id').where('id', '=', 1).executeTakeFirst();
    if (!row)
      await trx
        .insertInto('loan_policy')
        .values({ id: 1, loan_days: 21, max_renewals: 2, hold_days: 3, remind_days_before: 2, updated_at: at })
        .execute();
    else
      await trx
        .updateTable('loan_policy')
        .set({ updated_at: at })
        .where('id', '=', 1)
        .where('updated_at', '=', '')
        .execute();
    return {};
  },
};
