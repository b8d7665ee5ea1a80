import { describe, expect, it } from 'vitest';
import type { Role } from '../../../src/contract/auth';
import {
  decide,
  filterRoutes,
  findRoute,
  flattenRoutes,
  hasPermission,
  menuRoutes,
  routeChain,
} from '../../../src/lib/access';
import { CONSOLE_TREE as ROUTE_TREE } from './console-tree';

const paths = (roles: Role[]) => flattenRoutes(menuRoutes(filterRoutes(ROUTE_TREE, roles))).map((n) => n.path);

describe('route generation by role', () => {
  it('gives admin every menu item of docs/product.md §2', () => {
    expect(paths(['admin'])).toEqual([
      '/index',
      '/web',
      '/web/book',
      '/web/banner',
      '/web/aboutus',
      '/web/news',
      '/web/resource',
      '/web/bibliography',
      '/web/category',
      '/web/categorysubclass',
      '/web/video',
      // Listed with the content it serves; its URL is still under /users.
      '/users/image',
      '/users',
      '/users/user',
      '/users/adminuser',
      '/users/online',
      '/users/apply',
      '/users/loan-policy',
      '/users/loans-report',
      '/users/reminder',
      '/users/audit',
    ]);
  });

  it('keeps hidden routes out of the menu but reachable (the upload panel under Videos)', () => {
    const reachable = flattenRoutes(filterRoutes(ROUTE_TREE, ['operator'])).map((n) => n.path);
    expect(reachable).toContain('/web/video-upload');
    expect(paths(['operator'])).not.toContain('/web/video-upload');
    expect(findRoute(ROUTE_TREE, '/web/video-upload')?.meta?.activeMenu).toBe('/web/video');
  });

  it('hides Staff and the Audit log from an operator and keeps the rest', () => {
    const op = paths(['operator']);
    expect(op).not.toContain('/users/adminuser');
    expect(op).not.toContain('/users/audit');
    expect(op).toContain('/users/user');
    expect(op).toHaveLength(paths(['admin']).length - 2);
  });

  it('gives nothing role-gated to no roles, but keeps open routes', () => {
    expect(paths([])).not.toContain('/users/adminuser');
    expect(paths([])).toContain('/web/book');
  });

  it('drops a group left without children', () => {
    const tree = [
      { path: '/g', children: [{ path: '/g/a', meta: { title: { id: 'a' }, roles: ['admin'] as Role[] } }] },
    ];
    expect(filterRoutes(tree, ['operator'])).toEqual([]);
  });

  it.each([
    [['admin'], undefined, true],
    [['operator'], { title: { id: 'x' }, roles: 'everyone' }, true],
    [[], { title: { id: 'x' }, roles: 'everyone' }, true],
    [['operator'], { title: { id: 'x' }, roles: ['admin'] as Role[] }, false],
    [['operator', 'admin'], { title: { id: 'x' }, roles: ['admin'] as Role[] }, true],
  ] as const)('hasPermission(%j, %j) is %s', (roles, meta, expected) => {
    expect(hasPermission(roles, meta)).toBe(expected);
  });

  it('finds routes ignoring a trailing slash and builds breadcrumb chains', () => {
    expect(findRoute(ROUTE_TREE, '/web/book/')?.path).toBe('/web/book');
    expect(routeChain(ROUTE_TREE, '/users/apply').map((n) => n.path)).toEqual(['/users', '/users/apply']);
    expect(routeChain(ROUTE_TREE, '/nope')).toEqual([]);
  });
});

describe('guard decisions', () => {
  const base = { href: '', hasToken: true, roles: ['operator'] as Role[] };
  it.each([
    ['/login', { ...base, hasToken: false }, { type: 'allow' }],
    ['/auth-redirect', { ...base, hasToken: false }, { type: 'allow' }],
    [
      '/web/book',
      { ...base, hasToken: false, href: '/web/book?pageNum=2' },
      { type: 'login', redirect: '/web/book?pageNum=2' },
    ],
    ['/404', { ...base, hasToken: false, href: '/404' }, { type: 'login', redirect: '/404' }],
    [
      '/no/such/page',
      { ...base, hasToken: false, href: '/no/such/page' },
      { type: 'login', redirect: '/no/such/page' },
    ],
    ['/login', base, { type: 'home' }],
    ['/auth-redirect', base, { type: 'allow' }],
    ['/web/book', { ...base, roles: [] }, { type: 'load-info' }],
    ['/web/book', base, { type: 'allow' }],
    ['/users/adminuser', base, { type: 'forbidden' }],
    ['/users/adminuser', { ...base, roles: ['admin'] }, { type: 'allow' }],
    ['/no/such/page', base, { type: 'allow' }],
    ['/account/password', base, { type: 'allow' }],
  ] as const)('%s with %j → %j', (path, input, expected) => {
    expect(decide({ path, ...input }, ROUTE_TREE)).toEqual(expected);
  });

  describe('while the password must be changed', () => {
    const forced = { ...base, mustChangePassword: true };
    it.each([
      // Every page leads to the change page, remembering where the member was going…
      ['/index', { ...forced, href: '/index' }, { type: 'change-password', redirect: '/index' }],
      [
        '/web/book',
        { ...forced, href: '/web/book?pageNum=2' },
        { type: 'change-password', redirect: '/web/book?pageNum=2' },
      ],
      // …including pages the role could not open anyway, and unknown ones.
      [
        '/users/adminuser',
        { ...forced, href: '/users/adminuser' },
        { type: 'change-password', redirect: '/users/adminuser' },
      ],
      ['/401', { ...forced, href: '/401' }, { type: 'change-password', redirect: '/401' }],
      ['/no/such/page', { ...forced, href: '/no/such/page' }, { type: 'change-password', redirect: '/no/such/page' }],
      // The change page itself opens.
      ['/account/password', { ...forced, href: '/account/password?redirect=%2F' }, { type: 'allow' }],
      // Signed-in visitors of /login go home first (and from there to the change page).
      ['/login', forced, { type: 'home' }],
      // The info that carries the flag is loaded first.
      ['/web/book', { ...forced, roles: [] }, { type: 'load-info' }],
      // No credential: sign in first, the flag is the session's.
      ['/web/book', { ...forced, hasToken: false, href: '/web/book' }, { type: 'login', redirect: '/web/book' }],
    ] as const)('%s with %j → %j', (path, input, expected) => {
      expect(decide({ path, ...input }, ROUTE_TREE)).toEqual(expected);
    });
  });
});

describe('the Change password page', () => {
  it('is open to every role, reachable by URL but not in the menu', () => {
    for (const roles of [['admin'], ['operator']] as Role[][]) {
      expect(flattenRoutes(filterRoutes(ROUTE_TREE, roles)).map((n) => n.path)).toContain('/account/password');
      expect(paths(roles)).not.toContain('/account/password');
    }
    expect(routeChain(ROUTE_TREE, '/account/password').map((n) => n.path)).toEqual(['/account/password']);
  });
});
