import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const aboutLabels: NounLabels = {
  name: msg`About us`,
  fields: {
    name: msg`Name`,
    intro: msg`Introduction`,
    address: msg`Address`,
    phone: msg`Phone`,
    email: msg`Email`,
    logoUrl: msg`Logo`,
    /** The site links, saved through their own path (`/url`) on the same screen: one field, the list. */
    links: msg`Site links`,
  },
  counted: msg`Site links`,
};
