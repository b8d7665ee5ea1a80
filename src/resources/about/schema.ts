import { z } from 'zod';
import { optionalText, optionalUrl, type RecordMeta, versionField } from '../../contract/common';
import { linkUrl, optionalEmail } from '../../contract/fields';

/** About us: one company record. `GET /company/list` -> [About]; `PUT /company`. */
export const aboutUpdateSchema = z.strictObject({
  /** Ignored: there is one company record. Accepted so the client can send back what it got. */
  id: z.number().int().positive().optional(),
  /** When sent, a stale version is refused with 409. */
  version: versionField.optional(),
  name: optionalText(100),
  intro: optionalText(5000),
  address: optionalText(200),
  phone: optionalText(50),
  email: optionalEmail,
  logoUrl: optionalUrl,
});

export type About = RecordMeta & {
  name: string | null;
  intro: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  logoUrl: string | null;
};

/** The site's links. `GET /url/list` -> SiteLink[]; `PUT /url` with SiteLinkInput[] replaces them all. */
export const siteLinkSchema = z.strictObject({
  /** Ignored on write (the list is replaced); accepted so a client can send back what it got. */
  id: z.number().int().positive().optional(),
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(50, 'at most 50 characters'),
  url: linkUrl,
  sort: z.number({ error: 'must be a number' }).int('must be an integer').min(0).max(1_000_000).default(0),
});
export const URL_LIST_MAX = 100;
export const urlListUpdateSchema = z
  .array(siteLinkSchema, { error: 'must be a list' })
  .max(URL_LIST_MAX, `at most ${URL_LIST_MAX} links`);
export type SiteLinkInput = z.input<typeof siteLinkSchema>;

export interface SiteLink {
  id: number;
  name: string;
  url: string;
  sort: number;
}
