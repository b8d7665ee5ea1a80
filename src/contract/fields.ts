import { z } from 'zod';
import { because } from './field-codes';

/** Link schemes the site may point at (docs/product.md §5: the text-link check accepts these prefixes). */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;

export function isLinkUrl(s: string): boolean {
  if (/\s/.test(s)) return false;
  const m = /^([a-z][a-z0-9+.-]*:)(.+)$/i.exec(s);
  if (!m?.[1] || !LINK_SCHEMES.includes(m[1].toLowerCase() as (typeof LINK_SCHEMES)[number])) return false;
  // http(s) needs a host: "https:foo" is not a link anyone meant.
  return !/^https?:$/i.test(m[1]) || /^\/\/[^/]/.test(m[2] ?? '');
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** http, https, mailto or tel only: never javascript:, data: or a bare word. */
export const linkUrl = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(500, 'at most 500 characters')
  .refine(isLinkUrl, because('link', 'must start with http://, https://, mailto: or tel:'));

export const optionalLinkUrl = z.preprocess(emptyToUndefined, linkUrl.optional());

/** An image or file address: http(s) URL or a same-site path (`/prod-api/files/...`). */
export const requiredUrl = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(500, 'at most 500 characters')
  .refine(
    (s) => /^https?:\/\/\S+$/i.test(s) || /^\/\S*$/.test(s),
    because('url_or_path', 'must be an http(s) URL or a path'),
  );

export const optionalEmail = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(100, 'at most 100 characters').email('must be an email address').optional(),
);

export const sortNumber = z
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must be 0 or more')
  .max(1_000_000, 'at most 1000000')
  .default(0);

/** Optional ISO 8601 timestamp (what the server sends back in createdAt etc.). */
export const optionalDateTime = z.preprocess(
  emptyToUndefined,
  z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
);

/** Date filter: `YYYY-MM-DD` or a full ISO timestamp. */
export const dateFilter = z
  .string()
  .trim()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s),
    because('date', 'must be a date YYYY-MM-DD'),
  )
  .refine(
    (s) => !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s)) && dayExists(s.slice(0, 10)),
    because('real_date', 'must be a real date'),
  )
  .optional();

/** Date.parse takes 30 February (as 2 March): the day must be on the calendar as written. */
function dayExists(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}
