import type { Role } from '../contract/auth';
import { allows } from '../contract/resource-spec';
import type { RouteMeta, RouteNode } from './route-meta';

/** A node without meta (none in the console's tree) is not a page of its own; its routes decide. */
export function hasPermission(roles: readonly Role[], meta: RouteMeta | undefined): boolean {
  return !meta || allows(meta.roles, roles);
}

/** Route generation: the part of the tree the roles may see. A group left without children is dropped. */
export function filterRoutes(tree: readonly RouteNode[], roles: readonly Role[]): RouteNode[] {
  const out: RouteNode[] = [];
  for (const node of tree) {
    if (!hasPermission(roles, node.meta)) continue;
    if (node.children) {
      const children = filterRoutes(node.children, roles);
      if (children.length === 0) continue;
      out.push({ ...node, children });
    } else {
      out.push(node);
    }
  }
  return out;
}

/** What the sidebar draws: the visible routes, without hidden ones (which stay reachable by URL). */
export function menuRoutes(tree: readonly RouteNode[]): RouteNode[] {
  return tree.filter((n) => !n.hidden).map((n) => (n.children ? { ...n, children: menuRoutes(n.children) } : n));
}

/** Depth-first list of every node, groups before their children. */
export function flattenRoutes(tree: readonly RouteNode[]): RouteNode[] {
  return tree.flatMap((n) => [n, ...(n.children ? flattenRoutes(n.children) : [])]);
}

/** The node for a path (exact, ignoring a trailing slash; a `$param` segment takes any one segment). */
export function findRoute(tree: readonly RouteNode[], path: string): RouteNode | undefined {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const nodes = flattenRoutes(tree);
  return nodes.find((n) => n.path === p) ?? nodes.find((n) => n.path.includes('$') && matchesParams(n.path, p));
}

/** `/web/book/$id` matches `/web/book/12` (record pages: one route, a path per record). */
function matchesParams(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((w, i) => (w.startsWith('$') ? have[i] !== '' : w === have[i]));
}

/** The chain of nodes from the top of the tree down to `path` (for breadcrumbs). */
export function routeChain(tree: readonly RouteNode[], path: string): RouteNode[] {
  for (const node of tree) {
    if (node.path === path) return [node];
    if (node.children) {
      const rest = routeChain(node.children, path);
      if (rest.length) return [node, ...rest];
    }
  }
  return [];
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'login'; redirect: string }
  | { type: 'home' }
  | { type: 'load-info' }
  | { type: 'forbidden' }
  | { type: 'change-password'; redirect: string };

export interface GuardInput {
  /** Path without the base, e.g. `/web/book`. */
  path: string;
  /** Path + search, for the redirect parameter. */
  href: string;
  hasToken: boolean;
  roles: readonly Role[];
  /** The password must be changed before anything else (docs/api.md §6). */
  mustChangePassword?: boolean;
}

const OPEN_PATHS = new Set(['/login', '/auth-redirect']);
/** The page where a member changes their password; the only page while a change is required. */
export const PASSWORD_PATH = '/account/password';

/**
 * The navigation guard, docs/product.md §2's second reading, plus role enforcement: a route a role may not
 * see is neither in the menu nor reachable by URL. While the password must be changed, every page
 * but the change page leads to it, remembering where the member was going.
 */
export function decide(input: GuardInput, tree: readonly RouteNode[]): GuardDecision {
  const { path, hasToken, roles } = input;
  if (!hasToken) return OPEN_PATHS.has(path) ? { type: 'allow' } : { type: 'login', redirect: input.href };
  if (path === '/login') return { type: 'home' };
  if (OPEN_PATHS.has(path)) return { type: 'allow' };
  if (roles.length === 0) return { type: 'load-info' };
  if (input.mustChangePassword && path !== PASSWORD_PATH) return { type: 'change-password', redirect: input.href };
  const node = findRoute(tree, path);
  if (node && findRoute(filterRoutes(tree, roles), path) === undefined) return { type: 'forbidden' };
  return { type: 'allow' };
}
