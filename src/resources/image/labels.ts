import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const imageLabels: NounLabels = {
  name: msg`Images`,
  fields: {
    url: msg`Link`,
    fileName: msg`File name`,
    size: msg`File size`,
    mime: msg`File type`,
    width: msg`Width`,
    height: msg`Height`,
    uploadedBy: msg`Uploaded by`,
    uploadedById: msg`Uploaded by (ID)`,
  },
};
