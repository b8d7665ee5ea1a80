import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const staffLabels: NounLabels = {
  name: msg`Staff`,
  fields: {
    userName: msg`Account`,
    phone: msg`Phone`,
    name: msg`Name`,
    roles: msg`Roles`,
    status: msg`Status`,
    avatar: msg`Avatar`,
    introduction: msg`Introduction`,
    password: msg`Password`,
  },
};
