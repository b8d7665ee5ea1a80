import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordMeta } from '../../contract/common';
import type { RequestOptions } from '../../lib/http';
import type { ResourceApi } from './resource-api';

/*
 * Writes invalidate the whole resource (every page, filter and sort) when they settle, success or
 * not: a 404 or 409 means what the screen shows is already stale.
 */

/** `opts`: how the client reports failures (the form keeps offline writes: `keptOffline`). */
export function useCreateRecord<T extends RecordMeta>(api: ResourceApi<T>, opts?: RequestOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.create(body, opts),
    // Offline the call must still fail (NetworkError), so the form can keep the write for later.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: api.key }),
  });
}

export function useUpdateRecord<T extends RecordMeta>(api: ResourceApi<T>, opts?: RequestOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.update(body, opts),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: api.key }),
  });
}

export function useDeleteRecord<T extends RecordMeta>(api: ResourceApi<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.remove(id),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: api.key }),
  });
}
