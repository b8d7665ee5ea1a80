import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const bannerLabels: NounLabels = {
  name: msg`Banners`,
  fields: {
    title: msg`Title`,
    imageUrl: msg`Image`,
    linkUrl: msg`Link`,
    sort: msg`Sort`,
    enabled: msg`Enabled`,
  },
};
