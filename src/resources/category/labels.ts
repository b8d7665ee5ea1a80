import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const categoryLabels: NounLabels = {
  name: msg`Categories`,
  fields: {
    name: msg`Name`,
    sort: msg`Sort`,
    description: msg`Description`,
    loanDays: msg`Loan period (days)`,
  },
};
