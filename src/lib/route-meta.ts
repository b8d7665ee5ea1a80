import type { MessageDescriptor } from '@lingui/core';
import type { AnyRoute } from '@tanstack/react-router';
import type { IconName, Roles } from '../contract/resource-spec';

export type { IconName, Roles };

/**
 * Route meta of docs/product.md §3, carried on each console route as TanStack Router `staticData`; the menu,
 * breadcrumb, tags view, header search and role guard read it from the route tree, so there is no
 * second table to drift from the routes.
 */
export interface RouteMeta {
  title: MessageDescriptor;
  /** Who may see the route. A console route without roles is closed (the guard sends /401). */
  roles: Roles;
  icon?: IconName;
  /** Pinned in the tags view. */
  affix?: boolean;
  /** The page's state is not kept while switching tabs. */
  noCache?: boolean;
  /** false = not in the breadcrumb. */
  breadcrumb?: boolean;
  /** Highlight another menu item while on this (hidden) route. */
  activeMenu?: string;
  /** Each search (?id=42) of this route is its own tab in the tags view. */
  tabPerSearch?: boolean;
  /** Not in the menu; still reachable by URL. */
  hidden?: boolean;
  /** Position among its siblings in the menu (docs/product.md §2's order). */
  order?: number;
  /**
   * The menu group (its path) to list the route under when that is not the group its URL is in:
   * Images sits with the site's content (/web) but keeps /users/image, so bookmarks and links hold.
   */
  group?: string;
}

declare module '@tanstack/react-router' {
  // Optional here because the routes outside the console (login, 401, 404) carry none; every
  // console route must declare title and roles (tests/unit/lib/route-meta.test.ts).
  interface StaticDataRouteOption extends Partial<RouteMeta> {}
}

export interface RouteNode {
  path: string;
  meta?: RouteMeta;
  hidden?: boolean;
  redirect?: string;
  children?: RouteNode[];
}

/** Routes outside the console layout; never in the menu. */
export const PUBLIC_PATHS = ['/login', '/auth-redirect'] as const;
export const APP_TITLE = 'Lectern';
const CONSOLE_ID = '/_console';

function consoleRoutes(route: AnyRoute): AnyRoute[] {
  const children = (route.children ?? []) as AnyRoute[];
  return children.flatMap((c) => [...(String(c.id).startsWith(`${CONSOLE_ID}/`) ? [c] : []), ...consoleRoutes(c)]);
}

/** Whether `node` is listed in the group at `group`: its declared group, else the one its path is under. */
export const inGroup = (node: RouteNode, group: string): boolean =>
  node.meta?.group !== undefined ? node.meta.group === group : node.path.startsWith(`${group}/`);

const byOrder = (a: RouteNode, b: RouteNode) =>
  (a.meta?.order ?? Number.POSITIVE_INFINITY) - (b.meta?.order ?? Number.POSITIVE_INFINITY);

/**
 * The console's menu tree from the router's routes (the root or the console layout route, after
 * the router has initialised them). A route with a title is a node; an index route with a title
 * (`/web/`) is a group holding the routes under its path (or naming it as their `group`), and its
 * link goes to the first of them.
 */
export function routeNodes(root: AnyRoute): RouteNode[] {
  const titled = consoleRoutes(root)
    .filter((r) => r.options.staticData?.title && r.options.staticData.roles)
    .map((r): RouteNode => {
      const meta = r.options.staticData as RouteMeta;
      const path = String(r.fullPath).length > 1 ? String(r.fullPath).replace(/\/+$/, '') : String(r.fullPath);
      return { path, meta, ...(meta.hidden ? { hidden: true } : {}) };
    });
  // Hidden routes (a record page such as /web/book/$id) do not turn the page above them into a group.
  const groups = new Set(titled.filter((n) => titled.some((m) => !m.hidden && inGroup(m, n.path))).map((n) => n.path));
  const top: RouteNode[] = [];
  for (const node of titled) {
    const group = titled.find((g) => groups.has(g.path) && inGroup(node, g.path));
    if (!group) top.push(node);
  }
  return top.sort(byOrder).map((node) => {
    if (!groups.has(node.path)) return node;
    const children = titled.filter((n) => inGroup(n, node.path)).sort(byOrder);
    return { ...node, redirect: children.find((c) => !c.hidden)?.path, children };
  });
}
