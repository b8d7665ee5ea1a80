import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { filterRoutes, findRoute, flattenRoutes } from '../../lib/access';
import { onSessionReset } from '../../lib/auth';
import { sessionStore } from '../../stores/session';
import { addView, clearTags, loadTagsFor, setTags, tagsStore, type VisitedView, viewKey } from '../../stores/tags-view';
import { useShownLocation } from '../shown-location';
import { useRouteTree } from '../use-route-tree';

/** Keeps the tags view in step with the session and the current location. */
export function useTagsSync(): void {
  const tree = useRouteTree();
  const { name, roles } = useSnapshot(sessionStore);
  const { owner } = useSnapshot(tagsStore);
  const location = useShownLocation();

  // Per-user tabs, loaded once the user is known. Affix routes (home) come first, and tabs of routes
  // the user's roles no longer allow are dropped.
  useEffect(() => {
    if (!name || roles.length === 0) return;
    loadTagsFor(name);
    const permitted = new Set(flattenRoutes(filterRoutes(tree, roles)).map((n) => n.path));
    const affix: VisitedView[] = flattenRoutes(tree)
      .filter((n) => n.meta?.affix && permitted.has(n.path))
      .map((n) => ({ key: n.path, path: n.path, href: n.path, affix: true }));
    const rest = tagsStore.visitedViews.filter((v) => !v.affix && permitted.has(v.path));
    const restKeys = new Set(rest.map((v) => v.key));
    setTags({
      visitedViews: [...affix, ...rest],
      cachedViews: [...affix.map((v) => v.key), ...tagsStore.cachedViews.filter((k) => restKeys.has(k))],
    });
  }, [tree, name, roles]);

  useEffect(() => onSessionReset(clearTags), []);

  useEffect(() => {
    if (!owner) return;
    const node = findRoute(tree, location.pathname);
    if (!node?.meta || node.children) return;
    setTags(
      addView(tagsStore, {
        // A record page (/web/book/$id) is one route with a tab per record.
        key: viewKey(
          node.path.includes('$') ? location.pathname : node.path,
          location.searchStr,
          Boolean(node.meta.tabPerSearch),
        ),
        path: node.path,
        href: location.pathname + location.searchStr,
        affix: node.meta.affix,
        noCache: node.meta.noCache,
      }),
    );
  }, [tree, owner, location.pathname, location.searchStr]);
}
