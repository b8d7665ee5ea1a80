/**
 * Only paths of this site may be redirect targets: this is a real navigation (the console's guard
 * only ever routes inside the app), so `//evil.example` and `/\\evil.example` (which browsers read
 * as `//`) must not get through. Checked on the resolved URL, not the string.
 */
export function redirectTarget(search: string, origin: string, base: string): string {
  const wanted = new URLSearchParams(search).get('redirect') ?? '/';
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
