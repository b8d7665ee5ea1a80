import { proxy, subscribe } from 'valtio';

/** A visited page (docs/product.md §3 tags view). `key` identifies the tab; `path` is its route path. */
export interface VisitedView {
  key: string;
  path: string;
  /** Full href (path + search) to go back to exactly what was open. */
  href: string;
  affix?: boolean;
  noCache?: boolean;
  /** What a record page's tab is called once its record is loaded (its title), kept with the tab. */
  title?: string;
}

export interface TagsState {
  visitedViews: VisitedView[];
  /** Keys of the pages whose state is kept while switching (noCache excluded). */
  cachedViews: string[];
}

/**
 * The tab key: the route path, or path + search when the route says each search is its own page
 * (`perSearch`), so book page 3 and an edit of book 42 can be separate tabs.
 */
export function viewKey(path: string, search: string, perSearch: boolean): string {
  return perSearch && search ? `${path}${search}` : path;
}

export function addView(state: TagsState, view: VisitedView): TagsState {
  const i = state.visitedViews.findIndex((v) => v.key === view.key);
  const visitedViews =
    i === -1
      ? [...state.visitedViews, view]
      : state.visitedViews.map((v, j) => (j === i ? { ...v, href: view.href } : v));
  const cachedViews =
    view.noCache || state.cachedViews.includes(view.key) ? state.cachedViews : [...state.cachedViews, view.key];
  return { visitedViews, cachedViews };
}

/** Names the tab `key` (a record page's, by its record's title); the same state when nothing changes. */
export function titleView(state: TagsState, key: string, title: string): TagsState {
  const i = state.visitedViews.findIndex((v) => v.key === key);
  if (i === -1 || state.visitedViews[i]?.title === title) return state;
  return { ...state, visitedViews: state.visitedViews.map((v, j) => (j === i ? { ...v, title } : v)) };
}

export function closeView(state: TagsState, key: string): TagsState {
  const target = state.visitedViews.find((v) => v.key === key);
  if (!target || target.affix) return state;
  return {
    visitedViews: state.visitedViews.filter((v) => v.key !== key),
    cachedViews: state.cachedViews.filter((k) => k !== key),
  };
}

export function closeOthers(state: TagsState, key: string): TagsState {
  const keep = (v: VisitedView) => v.affix || v.key === key;
  const visitedViews = state.visitedViews.filter(keep);
  const keys = new Set(visitedViews.map((v) => v.key));
  return { visitedViews, cachedViews: state.cachedViews.filter((k) => keys.has(k)) };
}

export function closeAll(state: TagsState): TagsState {
  const visitedViews = state.visitedViews.filter((v) => v.affix);
  const keys = new Set(visitedViews.map((v) => v.key));
  return { visitedViews, cachedViews: state.cachedViews.filter((k) => keys.has(k)) };
}

/** Where to go after closing `key` while it was active: its right neighbour, else its left, else home. */
export function neighbourAfterClose(before: TagsState, key: string): VisitedView | undefined {
  const i = before.visitedViews.findIndex((v) => v.key === key);
  if (i === -1) return undefined;
  return before.visitedViews[i + 1] ?? before.visitedViews[i - 1];
}

/**
 * Next (+1) or previous (-1) tab, wrapping. A key without a tab is a page opened so recently that
 * the strip has not added its tab yet; it will be the last one, so next is the first and previous
 * the last.
 */
export function siblingView(state: TagsState, key: string, step: 1 | -1): VisitedView | undefined {
  const views = state.visitedViews;
  if (views.length === 0) return undefined;
  const i = views.findIndex((v) => v.key === key);
  const [at, n] = i === -1 ? [views.length, views.length + 1] : [i, views.length];
  return views[(((at + step) % n) + n) % n];
}

const EMPTY: TagsState = { visitedViews: [], cachedViews: [] };
export const tagsStore = proxy<TagsState & { owner: string }>({ ...EMPTY, owner: '' });

const storageKey = (owner: string) => `lectern:tags:${owner}`;

/** Tabs are kept per user, so one staff member never gets another's tabs on a shared browser. */
export function loadTagsFor(owner: string): void {
  let saved: TagsState = EMPTY;
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(owner)) ?? 'null') as TagsState | null;
    if (parsed && Array.isArray(parsed.visitedViews) && Array.isArray(parsed.cachedViews)) saved = parsed;
  } catch {
    // Damaged: start with no tabs.
  }
  Object.assign(tagsStore, { ...saved, owner });
}

export function setTags(next: TagsState): void {
  tagsStore.visitedViews = next.visitedViews;
  tagsStore.cachedViews = next.cachedViews;
}

/** Logout and role change close every tab (docs/product.md §4), and forget them. */
export function clearTags(): void {
  if (tagsStore.owner) localStorage.removeItem(storageKey(tagsStore.owner));
  Object.assign(tagsStore, { ...EMPTY, owner: '' });
}

subscribe(tagsStore, () => {
  if (!tagsStore.owner) return;
  const { visitedViews, cachedViews } = tagsStore;
  localStorage.setItem(storageKey(tagsStore.owner), JSON.stringify({ visitedViews, cachedViews }));
});
