import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import { transitionBody } from './model';
import type { Application, ApplicationStatus } from './schema';
import { applicationSpec } from './spec';

/** `/apply`: page, and PUT for a status change (docs/api.md §4). Keys: ['application', 'page', body]. */
export const applicationApi = resourceApiOf<Application>('application', applicationSpec);

export const applicationsQuery = (search: Partial<ListSearch>) => applicationApi.pageQuery(search);

/**
 * Approve, reject or return. Settled either way, the applications (their joined stock), the books
 * (stock) and the home figures are stale: a 409 means the screen was already behind the server.
 */
export function useApplicationTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { row: Application; to: ApplicationStatus; remark: string }) =>
      // No answer at all: the dialog keeps the change on this device instead (no "offline" toast).
      applicationApi.update(transitionBody(v.row, v.to, v.remark), { keptOffline: true }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationApi.key }),
        queryClient.invalidateQueries({ queryKey: ['book'] }),
        queryClient.invalidateQueries({ queryKey: ['system'] }),
      ]),
  });
}
