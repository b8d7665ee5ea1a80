import { queryOptions } from '@tanstack/react-query';
import type { ListView, ListViewInput, ListViewUpdate } from '../../../contract/views';
import { http } from '../../../lib/api';

export const viewsKey = (list: string) => ['views', list] as const;

/** The signed-in member's views of one list (GET /views?list=). */
export const viewsQuery = (list: string) =>
  queryOptions({
    queryKey: viewsKey(list),
    // Quiet: a list without its saved views still works; the menu says when they did not load.
    queryFn: () => http.get<ListView[]>(`/views?list=${encodeURIComponent(list)}`, { quiet: true }),
    staleTime: 60_000,
  });

export const viewsApi = {
  create: (body: ListViewInput) => http.post<ListView>('/views', body),
  update: (body: ListViewUpdate) => http.put<ListView>('/views', body),
  remove: (id: number) => http.delete<null>(`/views/${id}`),
};
