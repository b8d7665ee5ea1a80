import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createResourceApi } from '../../components/resource/resource-api';
import { http } from '../../lib/api';
import { cachedLike } from '../../lib/http';
import type { About, SiteLink, SiteLinkInput } from './schema';

/**
 * About us is one record: `GET /company/list` → [company], `PUT /company` with its version. Its
 * update goes through the resource machinery (createResourceApi's PUT /company), so the form
 * gets the same validation, field errors and 409 conflict view as every other screen.
 */
export const aboutApi = createResourceApi<About>('about', 'company');

export const aboutQuery = () =>
  queryOptions({
    queryKey: ['company', 'list'] as const,
    queryFn: async () => {
      const list = await http.get<About[]>('/company/list');
      return cachedLike(list, list[0]);
    },
  });

/** The site's links: `GET /url/list`; `PUT /url` replaces the whole list. */
export const linksQuery = () =>
  queryOptions({
    queryKey: ['url', 'list'] as const,
    queryFn: () => http.get<SiteLink[]>('/url/list'),
  });

export function useSaveLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (links: SiteLinkInput[]) => http.put<SiteLink[]>('/url', links),
    onSuccess: (saved) => queryClient.setQueryData(linksQuery().queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['url'] }),
  });
}
