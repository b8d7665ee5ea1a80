import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { findRoute } from '../lib/access';
import { stripBase } from '../lib/paths';
import { APP_TITLE } from '../lib/route-meta';
import { settingsStore } from '../stores/settings';
import { ERROR_PAGE_TITLES } from './error-titles';
import { useShownLocation } from './shown-location';
import { useRouteTree } from './use-route-tree';

/** Translated route title + app title; the app title alone where a route has none (docs/product.md §2). */
export function pageTitle(routeTitle: string | undefined, appTitle: string = APP_TITLE): string {
  const app = appTitle.trim() || APP_TITLE;
  return routeTitle ? `${routeTitle} - ${app}` : app;
}

export function usePageTitle(): void {
  // `_` is a new function after each language change (the i18n object itself stays the same), so
  // the title follows the language.
  const { _ } = useLingui();
  const tree = useRouteTree();
  const { pathname } = useShownLocation();
  const { title } = useSnapshot(settingsStore);
  useEffect(() => {
    const path = stripBase(pathname);
    const routeTitle = findRoute(tree, path)?.meta?.title ?? ERROR_PAGE_TITLES[path as keyof typeof ERROR_PAGE_TITLES];
    document.title = pageTitle(routeTitle ? _(routeTitle) : undefined, title);
  }, [tree, pathname, _, title]);
}
