import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordMeta } from '../../../contract/common';
import type { RequestOptions } from '../../../lib/http';
import type { ResourceApi } from '../resource-api';

/**
 * A write to the resource. It invalidates the whole resource (every page, filter and sort) when it
 * settles, success or not: a 404 or 409 means what the screen shows is already stale. Offline the
 * call must still fail (NetworkError, `networkMode: 'always'`), so the form can keep the write for
 * later instead of waiting paused.
 */
function useResourceWrite<T extends RecordMeta, V, R>(api: ResourceApi<T>, write: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: api.key }),
  });
}

/** `opts`: how the client reports failures (the form keeps offline writes: `keptOffline`). */
export const useCreateRecord = <T extends RecordMeta>(api: ResourceApi<T>, opts?: RequestOptions) =>
  useResourceWrite(api, (body: unknown) => api.create(body, opts));

export const useUpdateRecord = <T extends RecordMeta>(api: ResourceApi<T>, opts?: RequestOptions) =>
  useResourceWrite(api, (body: unknown) => api.update(body, opts));

export const useDeleteRecord = <T extends RecordMeta>(api: ResourceApi<T>) =>
  useResourceWrite(api, (id: number) => api.remove(id));
