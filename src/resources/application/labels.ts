import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const applicationLabels: NounLabels = {
  name: msg`Applications`,
  fields: {
    userId: msg`Reader`,
    nickName: msg`Reader name`,
    bookId: msg`Book`,
    bookTitle: msg`Book title`,
    bookStock: msg`Book stock`,
    status: msg`Status`,
    remark: msg`Remark`,
    handledBy: msg`Handled by`,
    handledById: msg`Handled by (ID)`,
    handledAt: msg`Handled at`,
    approvedAt: msg`Lent on`,
    dueAt: msg`Due`,
    returnedAt: msg`Returned on`,
    renewals: msg`Renewals`,
    readyUntil: msg`Kept until`,
    holdPosition: msg`Place in queue`,
  },
};
