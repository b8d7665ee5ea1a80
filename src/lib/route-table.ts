import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../contract/auth';

/** Icon names of SPEC.md §2's icon set; mapped to one icon library in shell/menu-icons.tsx. */
export type IconName =
  | 'dashboard'
  | 'component'
  | 'education'
  | 'star'
  | 'documentation'
  | 'list'
  | 'zip'
  | 'pdf'
  | 'tree'
  | 'tree-table'
  | 'guide'
  | 'people'
  | 'user'
  | 'lock'
  | 'password'
  | 'message'
  | 'form'
  | 'example'
  | 'table'
  | 'upload';

/** Route meta of SPEC.md §3. */
export interface RouteMeta {
  title: MessageDescriptor;
  icon?: IconName;
  /** Roles that may see the route; none = everyone (SPEC.md §5). */
  roles?: readonly Role[];
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
}

export interface RouteNode {
  path: string;
  meta?: RouteMeta;
  hidden?: boolean;
  redirect?: string;
  children?: RouteNode[];
}

/**
 * The role-gated tree under / (SPEC.md §2). The file routes in routes/ implement these paths; this
 * table is what the menu, breadcrumb, tags, header search and the role guard read.
 */
export const ROUTE_TREE: RouteNode[] = [
  { path: '/index', meta: { title: msg`Home`, icon: 'dashboard', affix: true } },
  {
    path: '/web',
    redirect: '/web/book',
    meta: { title: msg`Interface management`, icon: 'component' },
    children: [
      { path: '/web/book', meta: { title: msg`Books`, icon: 'education' } },
      { path: '/web/banner', meta: { title: msg`Banners`, icon: 'star' } },
      { path: '/web/aboutus', meta: { title: msg`About us`, icon: 'documentation' } },
      { path: '/web/news', meta: { title: msg`News`, icon: 'list' } },
      { path: '/web/resource', meta: { title: msg`Resources`, icon: 'zip' } },
      { path: '/web/bibliography', meta: { title: msg`Bibliography`, icon: 'pdf' } },
      { path: '/web/category', meta: { title: msg`Categories`, icon: 'tree' } },
      { path: '/web/categorysubclass', meta: { title: msg`Category subclasses`, icon: 'tree-table' } },
      { path: '/web/video', meta: { title: msg`Videos`, icon: 'guide' } },
      {
        path: '/web/video-upload',
        hidden: true,
        meta: { title: msg`Upload videos`, icon: 'upload', activeMenu: '/web/video' },
      },
    ],
  },
  {
    path: '/users',
    redirect: '/users/user',
    meta: { title: msg`User management`, icon: 'people' },
    children: [
      { path: '/users/user', meta: { title: msg`Users`, icon: 'user' } },
      { path: '/users/adminuser', meta: { title: msg`Administrators`, icon: 'lock', roles: ['admin'] } },
      { path: '/users/online', meta: { title: msg`Online messages`, icon: 'message' } },
      { path: '/users/apply', meta: { title: msg`Applications`, icon: 'form' } },
      { path: '/users/image', meta: { title: msg`Images`, icon: 'example' } },
      { path: '/users/audit', meta: { title: msg`Audit log`, icon: 'table', roles: ['admin'] } },
    ],
  },
  // Every member's own account, opened from the avatar menu rather than the sidebar.
  { path: '/account/password', hidden: true, meta: { title: msg`Change password`, icon: 'password' } },
];

/** Routes outside the console layout; never in the menu. */
export const PUBLIC_PATHS = ['/login', '/auth-redirect'] as const;
export const APP_TITLE = 'Lectern';
