import { useMatch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { setTags, tagsStore, titleView } from '../../stores/tags-view';

/**
 * Names the tab of the page that calls it (a record page: "The Hobbit", not "Book #12") once
 * `title` is known; until then, and for an empty title, the tab keeps its route's name and number.
 * The tab is the page's own (its route match's path), not whichever the address shows now, and the
 * name is kept with the tab, so it is there after a reload before the record loads again.
 */
export function useTabTitle(title: string | undefined): void {
  const key = useMatch({ strict: false, select: (m) => m.pathname });
  // The tab is added once the frame follows the address (use-tags-sync.ts), which may be after
  // the record arrived from the cache: name it when it is there.
  const open = useSnapshot(tagsStore).visitedViews.some((v) => v.key === key);
  useEffect(() => {
    const name = title?.trim();
    if (!open || !name) return;
    const next = titleView(tagsStore, key, name);
    if (next !== tagsStore) setTags(next);
  }, [open, key, title]);
}
