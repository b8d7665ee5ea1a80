import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordMeta } from '../../contract/common';
import type { ResourceApi } from './resource-api';

/*
 * Writes invalidate the whole resource (every page, filter and sort) when they settle, success or
 * not: a 404 or 409 means what the screen shows is already stale.
 */

export function useCreateRecord<T extends RecordMeta>(api: ResourceApi<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.create,
    // Offline the call must still fail (NetworkError), so the form can keep the write for later.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: api.key }),
  });
}

export function useUpdateRecord<T extends RecordMeta>(api: ResourceApi<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.update,
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
