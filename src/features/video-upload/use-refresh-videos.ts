import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { videoApi } from '../../resources/video/api';
import type { UploadItem } from '../../upload/protocol';

/** Pure: ids that are Success now and were not in the previous snapshot's Success set. */
export function newlySucceeded(
  seen: ReadonlySet<string>,
  items: readonly Pick<UploadItem, 'id' | 'state'>[],
): string[] {
  return items.filter((i) => i.state === 'Success' && !seen.has(i.id)).map((i) => i.id);
}

/**
 * A finished upload created a video record: the Videos list (whose pages are fresh for 10 s, so
 * coming back to it would not refetch) is marked stale at once, every page and filter of it.
 * Mounted with the navbar's upload indicator, which lives as long as the upload worker does.
 */
export function useRefreshVideosOnSuccess(items: readonly Pick<UploadItem, 'id' | 'state'>[]): void {
  const queryClient = useQueryClient();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    // The first snapshot only records what had already finished before this hook saw it.
    const first = seen.current === null;
    seen.current ??= new Set();
    const fresh = newlySucceeded(seen.current, items);
    for (const id of fresh) seen.current.add(id);
    if (fresh.length > 0 && !first) void queryClient.invalidateQueries({ queryKey: videoApi.key });
  }, [items, queryClient]);
}
