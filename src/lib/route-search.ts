import Fuse from 'fuse.js';
import type { RouteNode } from './route-meta';

/** One searchable page: its translated title chain, pinyin of Chinese titles, and path. */
export interface SearchEntry {
  path: string;
  /** Titles from the top group down, e.g. ['User management', 'Applications']. */
  title: string[];
  /** Pinyin of Chinese titles without tones: spaced, joined and initials ('shu ji', 'shuji', 'sj'). */
  pinyin: string[];
}

export const SEARCH_THRESHOLD = 0.4;
export const SEARCH_MAX_PATTERN = 32;

const HAN = /\p{Script=Han}/u;

/**
 * Flatten the permitted routes into leaves (groups only as part of a title chain). Pinyin is added
 * to Chinese titles when `toPinyin` is given, i.e. the setting is on (docs/product.md §2 header search); the
 * caller loads it (lib/pinyin-forms.ts) only then.
 */
export function searchEntries(
  routes: readonly RouteNode[],
  translate: (node: RouteNode) => string,
  toPinyin: ((text: string) => string[]) | null,
  prefix: string[] = [],
): SearchEntry[] {
  return routes.flatMap((node) => {
    if (node.hidden || !node.meta) return [];
    const title = [...prefix, translate(node)];
    if (node.children) return searchEntries(node.children, translate, toPinyin, title);
    const text = title.join(' ');
    const pinyin = toPinyin && HAN.test(text) ? toPinyin(title[title.length - 1] ?? '') : [];
    return [{ path: node.path, title, pinyin }];
  });
}

export function createRouteSearch(entries: SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(entries, {
    shouldSort: true,
    threshold: SEARCH_THRESHOLD,
    // Fuse's own limit is 32 characters for its bitap search (docs/product.md §9 "max pattern 32").
    ignoreLocation: true,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.5 },
      { name: 'pinyin', weight: 0.3 },
      { name: 'path', weight: 0.2 },
    ],
  });
  return (query) => {
    const q = query.trim().slice(0, SEARCH_MAX_PATTERN);
    if (!q) return [];
    return fuse.search(q).map((r) => r.item);
  };
}
