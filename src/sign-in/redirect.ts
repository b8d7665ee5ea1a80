/**
 * The query flag the console's re-sign-in dialog opens this page with (src/features/session/): the
 * page is then framed over the console's screen, and after signing in it goes not to the console
 * but to {@link RENEWED_PAGE}, which tells the console (postMessage) to carry on with the new
 * credential. Every way of signing in ends in redirectTarget, so each step (password, a second
 * factor, a passkey) renews the same way.
 */
export const RENEW_FLAG = 'renew';
/** public/session-renewed.html: a tiny page that posts `lectern:session-renewed` to its parent. */
export const RENEWED_PAGE = 'session-renewed.html';

/**
 * Only paths of this site may be redirect targets: this is a real navigation (the console's guard
 * only ever routes inside the app), so `//evil.example` and `/\\evil.example` (which browsers read
 * as `//`) must not get through. Checked on the resolved URL, not the string.
 */
export function redirectTarget(search: string, origin: string, base: string): string {
  const params = new URLSearchParams(search);
  if (params.get(RENEW_FLAG) === '1') return `${base.replace(/\/?$/, '/')}${RENEWED_PAGE}`;
  const wanted = params.get('redirect') ?? '/';
  const home = base;
  if (!wanted.startsWith('/')) return home;
  const href = base.replace(/\/$/, '') + wanted;
  try {
    const url = new URL(href, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : home;
  } catch {
    return home;
  }
}
