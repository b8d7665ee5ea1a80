import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/** The loan policy's words: the audit log's resource filter and change details read these. */
export const loanPolicyLabels: NounLabels = {
  name: msg`Loan policy`,
  fields: {
    loanDays: msg`Loan period (days)`,
    maxRenewals: msg`Renewals allowed`,
    holdDays: msg`Hold kept for (days)`,
    remindDaysBefore: msg`Reminder (days before due)`,
  },
};
