import { proxy } from 'valtio';
import type { Density, ListView } from '../../../contract/views';
import type { ListSearch } from '../list/list-search';

/** How a list is laid out: visible columns in order (null: the list's own), widths, density. */
export interface ViewLayout {
  columns: string[] | null;
  widths: Record<string, number>;
  density: Density;
}

export const DEFAULT_LAYOUT: ViewLayout = { columns: null, widths: {}, density: 'comfortable' };

/**
 * Per list (by its noun), for this tab: the view in use, and the layout chosen while no view is in
 * use (kept until a view is saved from it). The views themselves live on the server (GET /views).
 */
export const viewsStore = proxy({
  active: {} as Record<string, number | undefined>,
  layout: {} as Record<string, ViewLayout | undefined>,
});

/** The URL search a view stands for: no page number (a view opens on page 1). */
export function viewSearchOf(search: ListSearch): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(search)) if (k !== 'pageNum' && v !== undefined) out[k] = v;
  return out;
}

export const layoutOf = (v: ListView): ViewLayout => ({ columns: v.columns, widths: v.widths, density: v.density });
