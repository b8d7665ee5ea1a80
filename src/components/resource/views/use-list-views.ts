import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { RecordMeta } from '../../../contract/common';
import type { ListSearch } from '../list/list-search';
import type { ColumnDef } from '../types';
import { viewsQuery } from './views-api';
import { DEFAULT_LAYOUT, layoutOf, type ViewLayout, viewSearchOf, viewsStore } from './views-store';

const sameSearch = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};

/** Nothing chosen in the URL but the first page of the first page size: the list "opens bare". */
const isBare = (search: ListSearch, defaults: Record<string, unknown>) =>
  Object.entries(search).every(([k, v]) => v === undefined || (k in defaults && defaults[k] === v));

/** The columns of a layout: its visible ones in its order, with its widths. Unknown keys are skipped. */
export function columnsOf<T>(all: ColumnDef<T>[], layout: ViewLayout): ColumnDef<T>[] {
  const byKey = new Map(all.map((c) => [c.key, c]));
  const picked = layout.columns
    ? layout.columns.map((k) => byKey.get(k)).filter((c): c is ColumnDef<T> => c !== undefined)
    : all;
  const shown = picked.length > 0 ? picked : all;
  return shown.map((c) => (layout.widths[c.key] ? { ...c, width: layout.widths[c.key] } : c));
}

/**
 * The saved views of the list `noun` (its key in src/resources/specs.ts, as the server keys them)
 * and the layout in use. When the list opens bare (no filter, sort or keyword in its URL) and the
 * member has a default view, that view is applied once.
 */
export function useListViews<T extends RecordMeta>(
  noun: string,
  all: ColumnDef<T>[],
  search: ListSearch,
  apply: (search: Record<string, string | number | boolean>) => void,
) {
  const query = useQuery(viewsQuery(noun));
  const snap = useSnapshot(viewsStore);
  const views = query.data;
  // Decided on the first render: later bare URLs are the user's own choice (filters cleared).
  const openedBare = useRef(isBare(search, { pageNum: 1, pageSize: search.pageSize }));
  const applied = useRef(false);

  useEffect(() => {
    if (!views || applied.current) return;
    applied.current = true;
    const def = views.find((v) => v.isDefault);
    if (openedBare.current && def) {
      viewsStore.active[noun] = def.id;
      apply(def.search);
      return;
    }
    // Back on the list in this tab: the view chosen before stays in use.
    if (snap.active[noun] !== undefined && views.some((v) => v.id === snap.active[noun])) return;
    // Reopened (a reload, a shared link) on a view's search: that view is in use again.
    const current = viewSearchOf(search);
    const match = views.find((v) => sameSearch(v.search, current));
    if (match) viewsStore.active[noun] = match.id;
  }, [views, noun, apply, search, snap.active]);

  const active = views?.find((v) => v.id === snap.active[noun]);
  const layout: ViewLayout = active
    ? layoutOf(active)
    : ((snap.layout[noun] as ViewLayout | undefined) ?? DEFAULT_LAYOUT);
  // By value: the layout is rebuilt each render, the columns should not be.
  const layoutKey = JSON.stringify(layout);
  // biome-ignore lint/correctness/useExhaustiveDependencies: layoutKey stands for layout
  const columns = useMemo(() => columnsOf(all, layout), [all, layoutKey]);
  return { noun, views, active, layout, columns, density: layout.density, failed: query.isError };
}

/** What the Views menu needs of it (not the columns: those are typed by the list's rows). */
export type ListViews = Omit<ReturnType<typeof useListViews>, 'columns'>;
