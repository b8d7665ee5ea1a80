import { msg } from '@lingui/core/macro';

/** The error pages' headings, also their browser tab titles (they carry no route meta). */
export const NOT_FOUND_TITLE = msg`This page does not exist`;
export const FORBIDDEN_TITLE = msg`You do not have access to this page`;

export const ERROR_PAGE_TITLES = { '/401': FORBIDDEN_TITLE, '/404': NOT_FOUND_TITLE } as const;
