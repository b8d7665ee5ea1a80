/**
 * What the service worker caches and under which keys; shared by the worker and the page (logout
 * clears the same caches). Pure apart from `crypto.subtle`, which both have.
 */

/** Per signed-in session: `lectern-api-<hash of the token>`. Never the raw token. */
export const API_CACHE_PREFIX = 'lectern-api-';
export const IMAGE_CACHE = 'lectern-images';

/** Epoch milliseconds when the cached answer was stored (set on answers served from the cache). */
export const CACHED_AT_HEADER = 'X-Lectern-Cached-At';
/** Age of a cached answer in whole seconds (set on answers served from the cache). */
export const CACHE_AGE_HEADER = 'X-Lectern-Cache-Age';

export const apiCacheName = (userKey: string): string => `${API_CACHE_PREFIX}${userKey}`;

/** Hex SHA-256 of a string, shortened: enough to tell sessions and bodies apart, useless as a credential. */
export async function sha256Hex(text: string, chars = 32): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, chars);
}

/** The key of one signed-in session (the X-Token value, i.e. the Authorization cookie). */
export const userKeyOf = (token: string): Promise<string> => sha256Hex(`lectern-user:${token}`);

export type ApiCacheKind = 'list' | 'image' | null;

/** Home's counts and the video library's size (its activity series is a `…/list`). */
const HOME_FIGURES = ['/system/info', '/system/vod-resource'];

/**
 * Which API calls are cached. Only reads: `POST /prod-api/<r>/page` (a list is a POST with the
 * search in its body), the picker and small lists (`GET …/list`), one record for its page
 * (`GET /prod-api/<r>/<id>`, so a record page read here opens offline and the periodic refresh
 * can renew it), Home's figures (`GET /system/info`, `/system/vod-resource`; its series is a
 * `…/list`), the session's own info, and stored images. Never uploads (`/prod-api/file/upload/*`, `/prod-api/video/upload/*`, the video
 * service at /vod and its bucket), never other POSTs, PUTs or DELETEs.
 */
export function apiCacheKind(method: string, pathname: string, apiBase = '/prod-api'): ApiCacheKind {
  if (!pathname.startsWith(`${apiBase}/`)) return null;
  const path = pathname.slice(apiBase.length);
  if (/^\/(file|video)\/upload(\/|$)/.test(path)) return null;
  if (method === 'POST') return /^\/[a-z]+(\/[a-z]+)?\/page$/.test(path) ? 'list' : null;
  if (method !== 'GET') return null;
  if (path.startsWith('/files/images/')) return 'image';
  if (path === '/auth/info' || HOME_FIGURES.includes(path) || /^\/[a-z]+(\/[a-z]+)*\/(list|\d+)$/.test(path))
    return 'list';
  return null;
}

/**
 * The Cache API stores only GET: each answer is stored under a synthetic GET URL made of the path,
 * the query without the token, and a hash of the request body.
 */
export async function listCacheKey(origin: string, pathname: string, search: string, body: string): Promise<string> {
  const params = new URLSearchParams(search);
  params.delete('token');
  params.sort();
  if (body) params.set('__body', await sha256Hex(body));
  const query = params.toString();
  return `${origin}/__lectern-cache__${pathname}${query ? `?${query}` : ''}`;
}
