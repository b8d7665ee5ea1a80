import { defineSpec } from '../../contract/resource-spec';

/** Oldest year a catalogued edition may carry; the newest is next year (announced titles). */
export const BIBLIOGRAPHY_MIN_YEAR = 1000;
export const bibliographyMaxYear = () => new Date().getUTCFullYear() + 1;

/** Bibliography entries (year range filters are written by hand in server.ts). */
export const bibliographySpec = defineSpec({
  api: 'bibliography',
  roles: 'everyone',
  menu: { screen: '/web/bibliography', icon: 'pdf', order: 15 },
  sorts: ['id', 'title', 'author', 'year', 'createdAt', 'updatedAt'],
});
