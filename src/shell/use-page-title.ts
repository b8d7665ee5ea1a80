import { useLingui } from '@lingui/react';
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { findRoute } from '../lib/access';
import { APP_TITLE, ROUTE_TREE } from '../lib/route-table';
import { stripBase } from '../routes/-guard';

/** Translated route title + app title; the app title alone where a route has none (SPEC.md §2). */
export function pageTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} - ${APP_TITLE}` : APP_TITLE;
}

export function usePageTitle(): void {
  const { i18n } = useLingui();
  const pathname = useLocation({ select: (l) => l.pathname });
  useEffect(() => {
    const meta = findRoute(ROUTE_TREE, stripBase(pathname))?.meta;
    document.title = pageTitle(meta ? i18n._(meta.title) : undefined);
  }, [pathname, i18n]);
}
