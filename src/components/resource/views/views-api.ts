import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListView, ListViewInput, ListViewUpdate } from '../../../contract/views';
import { http } from '../../../lib/api';
import type { ListSearch } from '../list/list-search';
import { type ViewLayout, viewSearchOf, viewsStore } from './views-store';

/**
 * Saved views are keyed by the list's noun (its key in src/resources/specs.ts: "book",
 * "application"), never by its API path: `list` in GET /views?list= and in every body below.
 */
export const viewsKey = (noun: string) => ['views', noun] as const;

/** The signed-in member's views of one list (GET /views?list=). */
export const viewsQuery = (noun: string) =>
  queryOptions({
    queryKey: viewsKey(noun),
    // Quiet: a list without its saved views still works; the menu says when they did not load.
    queryFn: () => http.get<ListView[]>(`/views?list=${encodeURIComponent(noun)}`, { quiet: true }),
    staleTime: 60_000,
  });

const viewsCalls = {
  create: (body: ListViewInput) => http.post<ListView>('/views', body),
  update: (body: ListViewUpdate) => http.put<ListView>('/views', body),
  remove: (id: number) => http.delete<null>(`/views/${id}`),
};

/** A saved view as PUT /views takes it back: every field, with its id and the version it was read at. */
const updateOf = (noun: string, v: ListView): ListViewUpdate => ({
  list: noun,
  name: v.name,
  columns: v.columns,
  widths: v.widths,
  density: v.density,
  search: v.search,
  isDefault: v.isDefault,
  id: v.id,
  version: v.version,
});

/**
 * The Views menu's writes to the server for the list `noun`, each followed by a fresh read of its
 * views; `busy` while one is under way. Each resolves to true when the server took it; a refusal
 * has been told to the user by the http client (a stale version shows once the list is fresh
 * again) and resolves to false.
 */
export function useViewWrites(noun: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    let ok = false;
    try {
      await work();
      ok = true;
    } catch {
      // Told already (above).
    } finally {
      setBusy(false);
    }
    void queryClient.invalidateQueries({ queryKey: viewsKey(noun) });
    return ok;
  };
  const update = (view: ListView, change: Partial<ListViewUpdate>) =>
    run(() => viewsCalls.update({ ...updateOf(noun, view), ...change }));
  return {
    busy,
    /** Saves the list's current search and layout as a new view, which is then in use. */
    create: (name: string, isDefault: boolean, search: ListSearch, layout: ViewLayout) =>
      run(async () => {
        const saved = await viewsCalls.create({ list: noun, name, ...layout, search: viewSearchOf(search), isDefault });
        viewsStore.active[noun] = saved.id;
        viewsStore.layout[noun] = undefined;
      }),
    saveSearch: (view: ListView, search: ListSearch) => update(view, { search: viewSearchOf(search) }),
    rename: (view: ListView, name: string) => update(view, { name }),
    toggleDefault: (view: ListView) => update(view, { isDefault: !view.isDefault }),
    saveLayout: (view: ListView, layout: ViewLayout) => update(view, layout),
    remove: (view: ListView) =>
      run(async () => {
        await viewsCalls.remove(view.id);
        viewsStore.active[noun] = undefined;
      }),
  };
}
