import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createResourceApi } from '../../components/resource/resource-api';
import { http } from '../../lib/api';
import { cachedLike } from '../../lib/http';
import type { About, SiteLink, SiteLinkInput } from './schema';
import { aboutSpec } from './spec';

/**
 * About us is one record: `GET /company/list` → [company], `PUT /company` with its version. Its
 * update goes through the resource machinery (createResourceApi's PUT /company), so the form
 * gets the same validation, field errors and 409 conflict view as every other screen. Its queries,
 * the site links' too, are keyed by its noun, `about`.
 */
export const aboutApi = createResourceApi<About>('about', aboutSpec.api);

export const aboutQuery = () =>
  queryOptions({
    queryKey: ['about', 'list'] as const,
    queryFn: async () => {
      const list = await http.get<About[]>('/company/list');
      return cachedLike(list, list[0]);
    },
  });

/** The site's links: `GET /url/list`; `PUT /url` replaces the whole list. */
export const linksQuery = () =>
  queryOptions({
    queryKey: ['about', 'links'] as const,
    queryFn: () => http.get<SiteLink[]>('/url/list'),
  });

export function useSaveLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (links: SiteLinkInput[]) => http.put<SiteLink[]>('/url', links),
    onSuccess: (saved) => queryClient.setQueryData(linksQuery().queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksQuery().queryKey }),
  });
}
