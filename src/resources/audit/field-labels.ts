import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What each audited noun calls its fields, so the trail reads "Handled by", not `handledBy`.
 * One table per noun (the resource path the server writes into the trail), with every field of
 * that noun's record as the API sends it (the server diffs those records), plus the fields every
 * record has. The same words as the noun's form and columns (one message, one translation).
 * tests/server/audit-field-labels.test.ts reads a real record of every noun from the API and
 * fails on any field missing here: a new field is named before it can show up raw.
 */
const RECORD: Record<string, MessageDescriptor> = {
  id: msg`ID`,
  version: msg`Version`,
  createdAt: msg`Created`,
  updatedAt: msg`Updated`,
};

const CATEGORY_REF = { categoryId: msg`Category`, categoryName: msg`Category name` };

export const NOUN_FIELD_LABELS: Record<string, Record<string, MessageDescriptor>> = {
  book: {
    title: msg`Title`,
    author: msg`Author`,
    isbn: msg`ISBN`,
    publisher: msg`Publisher`,
    publishDate: msg`Publish date`,
    ...CATEGORY_REF,
    subclassId: msg`Subclass`,
    subclassName: msg`Subclass name`,
    coverUrl: msg`Cover`,
    summary: msg`Summary`,
    stock: msg`Stock`,
    status: msg`Status`,
  },
  banner: {
    title: msg`Title`,
    imageUrl: msg`Image`,
    linkUrl: msg`Link`,
    sort: msg`Sort`,
    enabled: msg`Enabled`,
  },
  news: {
    title: msg`Title`,
    summary: msg`Summary`,
    content: msg`Content`,
    coverUrl: msg`Cover`,
    status: msg`Status`,
    publishedAt: msg`Published`,
  },
  resource: {
    title: msg`Title`,
    type: msg`Type`,
    url: msg`Link`,
    description: msg`Description`,
    ...CATEGORY_REF,
  },
  bibliography: {
    title: msg`Title`,
    author: msg`Author`,
    publisher: msg`Publisher`,
    year: msg`Year`,
    isbn: msg`ISBN`,
    notes: msg`Notes`,
  },
  category: { name: msg`Name`, sort: msg`Sort`, description: msg`Description` },
  'category/subclass': { ...CATEGORY_REF, name: msg`Name`, sort: msg`Sort` },
  video: {
    title: msg`Title`,
    description: msg`Description`,
    cateId: msg`Category`,
    tags: msg`Tags`,
    coverUrl: msg`Cover`,
    videoId: msg`Video ID`,
    fileName: msg`File name`,
    fileSize: msg`File size`,
    status: msg`Status`,
  },
  company: {
    name: msg`Name`,
    intro: msg`Introduction`,
    address: msg`Address`,
    phone: msg`Phone`,
    email: msg`Email`,
    logoUrl: msg`Logo`,
  },
  url: { links: msg`Site links`, name: msg`Name`, url: msg`Link`, sort: msg`Sort` },
  users: {
    nickName: msg`Nickname`,
    phone: msg`Phone`,
    email: msg`Email`,
    gender: msg`Gender`,
    status: msg`Status`,
    avatarUrl: msg`Avatar`,
  },
  user: {
    userName: msg`Account`,
    phone: msg`Phone`,
    name: msg`Name`,
    roles: msg`Roles`,
    status: msg`Status`,
    avatar: msg`Avatar`,
    introduction: msg`Introduction`,
    password: msg`Password`,
  },
  online: {
    readerName: msg`Reader`,
    contact: msg`Contact`,
    content: msg`Content`,
    reply: msg`Reply`,
    status: msg`Status`,
  },
  apply: {
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
  },
  image: {
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

/** The label of `field` in an entry about `resource`, or undefined for a field nobody named. */
export function fieldLabel(resource: string, field: string): MessageDescriptor | undefined {
  return NOUN_FIELD_LABELS[resource]?.[field] ?? RECORD[field];
}
