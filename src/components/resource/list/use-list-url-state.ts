import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ListSearch } from './list-search';

export type SetListSearch = (patch: Partial<ListSearch>, options?: { replace?: boolean }) => void;

/**
 * The current route's list state, already validated by its `validateSearch` (listSearchSchema),
 * and a setter that merges a patch into the URL. Keystrokes replace the history entry; page,
 * sort and filter changes push one, so Back steps through them.
 */
export function useListUrlState(): [ListSearch, SetListSearch] {
  // Loose on purpose: one hook for every resource route; the route's schema did the typing.
  const search = useSearch({ strict: false }) as ListSearch;
  const navigate = useNavigate();
  const setSearch = useCallback<SetListSearch>(
    (patch, options) => {
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, ...patch }),
        replace: options?.replace ?? false,
      } as never);
    },
    [navigate],
  );
  return [search, setSearch];
}
