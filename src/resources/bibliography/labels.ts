import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const bibliographyLabels: NounLabels = {
  name: msg`Bibliography`,
  fields: {
    title: msg`Title`,
    author: msg`Author`,
    publisher: msg`Publisher`,
    year: msg`Year`,
    isbn: msg`ISBN`,
    notes: msg`Notes`,
  },
};
