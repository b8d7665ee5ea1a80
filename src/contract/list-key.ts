/**
 * The server's key of a list (saved views, `GET /views?list=`): its API path with anything but
 * letters and digits as dashes. Apart from views.ts, so the lists and the build's boot manifest
 * take it without the schemas.
 */
export const listKeyOf = (path: string) =>
  path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
