import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const videoLabels: NounLabels = {
  name: msg`Videos`,
  fields: {
    title: msg`Title`,
    description: msg`Description`,
    cateId: msg`Category`,
    tags: msg`Tags`,
    coverUrl: msg`Cover`,
    videoId: msg`Video ID`,
    fileName: msg`File name`,
    fileSize: msg`File size`,
    status: msg`Status`,
    duration: msg`Duration`,
    width: msg`Width`,
    height: msg`Height`,
    failReason: msg`Why processing failed`,
    snapshots: msg`Snapshots`,
  },
};
