import { msg } from '@lingui/core/macro';
import type { NounLabels } from '../../components/resource/noun-labels';

/**
 * What staff call this noun and each field of its record as the API sends it: the audit log's
 * resource filter and change details read these (the same words as the form and the columns).
 */
export const bookLabels: NounLabels = {
  name: msg`Books`,
  fields: {
    title: msg`Title`,
    author: msg`Author`,
    isbn: msg`ISBN`,
    publisher: msg`Publisher`,
    publishDate: msg`Publish date`,
    categoryId: msg`Category`,
    categoryName: msg`Category name`,
    subclassId: msg`Subclass`,
    subclassName: msg`Subclass name`,
    coverUrl: msg`Cover`,
    summary: msg`Summary`,
    stock: msg`Stock`,
    status: msg`Status`,
  },
};
