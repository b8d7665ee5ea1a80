import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListSearch } from '../../components/resource/list/list-search';
import { screenFilterNames } from '../../components/resource/list/spec-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { http } from '../../lib/api';
import { OVERDUE_FILTER, transitionBody } from './model';
import type { Application, ApplicationStatus } from './schema';
import { applicationSpec } from './spec';

/** `/apply`: page, and PUT for a status change (docs/api.md §4). Keys: ['application', 'page', body]. */
export const applicationApi = createResourceApi<Application>(
  'application',
  applicationSpec.api,
  screenFilterNames(applicationSpec.filters, [OVERDUE_FILTER]),
);

export const applicationsQuery = (search: Partial<ListSearch>) => applicationApi.pageQuery(search);

/** After a desk action the applications (their joined stock), the books (stock) and Home are stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: applicationApi.key }),
      queryClient.invalidateQueries({ queryKey: ['book'] }),
      queryClient.invalidateQueries({ queryKey: ['system'] }),
    ]);
}

/**
 * Approve, reject, return or place on hold. Settled either way, the lists are refreshed: a 409
 * means the screen was already behind the server.
 */
export function useApplicationTransition() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { row: Application; to: ApplicationStatus; remark: string; dueAt?: string | null }) =>
      // No answer at all: the dialog keeps the change on this device instead (no "offline" toast).
      applicationApi.update(transitionBody(v.row, v.to, v.remark, v.dueAt), { keptOffline: true }),
    onSettled: refresh,
  });
}

/** `POST /apply/renew`: one more loan period (409 over the limit or while someone waits). */
export function useRenewal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (row: Pick<Application, 'id' | 'version'>) =>
      http.post<Application>(`/${applicationSpec.api}/renew`, { id: row.id, version: row.version }),
    onSettled: refresh,
  });
}
