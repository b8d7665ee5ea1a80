import { defineSpec } from '../../contract/resource-spec';
import { BIBLIOGRAPHY_SORTS } from '../../contract/values';

/** Bibliography entries (year range filters are written by hand in server.ts). */
export const bibliographySpec = defineSpec({
  api: 'bibliography',
  roles: 'everyone',
  menu: { icon: 'pdf', order: 15 },
  sorts: BIBLIOGRAPHY_SORTS,
});
