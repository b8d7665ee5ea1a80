/** Tiny cookie helpers: the console keeps a few UI choices and the credential in cookies (docs/product.md §4). */

/**
 * Every read of `document.cookie` is a synchronous round trip to the browser's network process: on
 * a cold load, with the page's requests in flight, one read held the thread up to 40 ms on a
 * desktop, and a load made 12–14 of them (the credential, for each request). The jar is read once
 * and kept until the Cookie Store API reports a change (another tab signing in or out) or the
 * console writes one itself; where the browser has no change events, every read asks it as before.
 */
const cookieStore = (globalThis as { cookieStore?: EventTarget }).cookieStore;
let jar: string | undefined;
cookieStore?.addEventListener('change', () => {
  jar = undefined;
});

function cookies(): string {
  if (!cookieStore) return document.cookie;
  jar ??= document.cookie;
  return jar;
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of cookies().split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** `expiry`: days from now, or a moment; absent: a browser-session cookie. */
export function setCookie(name: string, value: string, expiry?: number | Date): void {
  const at = typeof expiry === 'number' ? new Date(Date.now() + expiry * 864e5) : expiry;
  const expires = at === undefined ? '' : `; expires=${at.toUTCString()}`;
  // biome-ignore lint/suspicious/noDocumentCookie: read synchronously at start-up; the Cookie Store API is async
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${expires}; path=/; SameSite=Lax`;
  jar = undefined;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
  jar = undefined;
}
