import { z } from 'zod';
import { formValuesFrom } from '../../components/resource/form/form-values';
import { type SiteLink, type SiteLinkInput, URL_LIST_MAX, urlListUpdateSchema } from './schema';

export const toAboutFormValues = formValuesFrom({
  name: '',
  intro: '',
  address: '',
  phone: '',
  email: '',
  logoUrl: '',
});
export type AboutFormValues = ReturnType<typeof toAboutFormValues>;

/** One row of the links editor; `key` only tells React rows apart while they move. */
export type LinkRow = { key: string; name: string; url: string };
export type LinksFormValues = { links: LinkRow[] };

export { URL_LIST_MAX };

let nextKey = 0;
export const newLinkRow = (link?: Pick<SiteLink, 'name' | 'url'>): LinkRow => ({
  key: `link-${++nextKey}`,
  name: link?.name ?? '',
  url: link?.url ?? '',
});

export function toLinksFormValues(links: readonly SiteLink[] = []): LinksFormValues {
  return { links: links.map((l) => newLinkRow(l)) };
}

/**
 * The `PUT /url` body: the rows in the order shown, numbered by position (the list's order is
 * the `sort` the server keeps), without the editor's row keys (the contract's schema is strict).
 */
export function toLinksBody(values: LinksFormValues): SiteLinkInput[] {
  return values.links.map((l, i) => ({ name: l.name.trim(), url: l.url.trim(), sort: i }));
}

/** The contract's list schema under `links`, so errors land on `links.<i>.<field>` like the form. */
export const linksFormSchema = z.object({ links: urlListUpdateSchema });
