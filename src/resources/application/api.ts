import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListSearch } from '../../components/resource/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import { transitionBody } from './model';
import type { Apply, ApplyStatus } from './schema';
import { applicationSpec } from './spec';

/** `/apply`: page, and PUT for a status change (docs/api.md §4). Keys: ['apply', 'page', body]. */
export const applyApi = resourceApiOf<Apply>(applicationSpec);

export const appliesQuery = (search: Partial<ListSearch>) => applyApi.pageQuery(search);

/**
 * Approve, reject or return. Settled either way, the applications (their joined stock), the books
 * (stock) and the home figures are stale: a 409 means the screen was already behind the server.
 */
export function useApplyTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { row: Apply; to: ApplyStatus; remark: string }) =>
      applyApi.update(transitionBody(v.row, v.to, v.remark)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applyApi.key }),
        queryClient.invalidateQueries({ queryKey: ['book'] }),
        queryClient.invalidateQueries({ queryKey: ['system'] }),
      ]),
  });
}
