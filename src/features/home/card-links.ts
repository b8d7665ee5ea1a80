import type { Role } from '../../contract/auth';
import { findRoute, hasPermission } from '../../lib/access';
import type { RouteNode } from '../../lib/route-meta';

/** The list each home card counts (site links are edited on About us). */
const LIST_OF: Record<string, string> = {
  book: '/web/book',
  category: '/web/category',
  subclass: '/web/categorysubclass',
  users: '/users/user',
  apply: '/users/apply',
  online: '/users/online',
  news: '/web/news',
  banner: '/web/banner',
  resource: '/web/resource',
  bibliography: '/web/bibliography',
  video: '/web/video',
  image: '/users/image',
  user: '/users/adminuser',
  url: '/web/aboutus',
};

/** Where a card links to, or undefined when it has no list or the roles may not open it. */
export function cardLink(key: string, roles: readonly Role[], tree: readonly RouteNode[]): string | undefined {
  const path = LIST_OF[key];
  if (!path) return undefined;
  return hasPermission(roles, findRoute(tree, path)?.meta) ? path : undefined;
}
