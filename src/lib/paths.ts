/** The router's base path without its trailing slash ('' at the root). */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export function stripBase(pathname: string): string {
  if (BASE && (pathname === BASE || pathname.startsWith(`${BASE}/`))) return pathname.slice(BASE.length) || '/';
  return pathname;
}

/** Only same-site paths may be redirect targets (no `//evil.example`). */
export function safeRedirect(target: unknown): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}
