import { useLocation } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { findRoute } from '../../lib/access';
import { tagsStore, viewKey } from '../../stores/tags-view';
import { useRouteTree } from '../use-route-tree';

/** Scroll position per tab (view key), for the pages whose state is kept (cachedViews). */
const positions = new Map<string, number>();

/** How long a returning page may take to grow tall enough (its list is still loading). */
const RESTORE_WINDOW_MS = 1500;

/**
 * Keeps each cached page's scroll position while the user switches tabs: leaving a tab remembers
 * where it was, coming back to it restores that, once the page is tall enough again. Filters and
 * paging are in the URL of the tab; unsaved form input is kept by the form drafts. Pages marked
 * `noCache` start at the top.
 */
export function useViewScroll(): void {
  const tree = useRouteTree();
  const location = useLocation();
  const node = findRoute(tree, location.pathname);
  const key = viewKey(location.pathname, location.searchStr, Boolean(node?.meta?.tabPerSearch));
  // Set while rendering, so a scroll caused by the new page (clamping, the router's reset) is
  // attributed to the new page and never overwrites the old one's position.
  const current = useRef(key);
  current.current = key;

  useEffect(() => {
    const onScroll = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const y = positions.get(key) ?? 0;
    if (y === 0 || !tagsStore.cachedViews.includes(key)) return;
    const until = performance.now() + RESTORE_WINDOW_MS;
    let timer = 0;
    const restore = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      if (room >= y || performance.now() > until) window.scrollTo(0, Math.min(y, room));
      else timer = window.setTimeout(restore, 50);
    };
    // After the router's own scroll handling of this navigation.
    timer = window.setTimeout(restore, 0);
    return () => window.clearTimeout(timer);
  }, [key]);
}
