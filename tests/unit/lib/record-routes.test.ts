import { describe, expect, it } from 'vitest';
import { decide, filterRoutes, findRoute, menuRoutes, routeChain } from '../../../src/lib/access';
import { bookSpec } from '../../../src/resources/book/spec';
import { readerSpec } from '../../../src/resources/reader/spec';
import { CONSOLE_TREE as tree } from './console-tree';

/** Record pages (/web/book/$id, /users/user/$id): one route each, a URL per record. */
describe('record page routes', () => {
  it('finds the record route for a record URL, with the roles of its list', () => {
    const book = findRoute(tree, '/web/book/12');
    expect(book?.path).toBe('/web/book/$id');
    expect(book?.meta?.roles).toBe(bookSpec.roles);
    expect(findRoute(tree, '/users/user/7')?.meta?.roles).toBe(readerSpec.roles);
  });

  it('still finds the lists themselves, and no record route for a deeper or empty segment', () => {
    expect(findRoute(tree, '/web/book')?.path).toBe('/web/book');
    expect(findRoute(tree, '/web/book/')?.path).toBe('/web/book');
    expect(findRoute(tree, '/web/book/12/x')).toBeUndefined();
  });

  it('leaves Books a page of the menu (not a group), and the record pages out of the menu', () => {
    expect(findRoute(tree, '/web/book')?.children).toBeUndefined();
    const menu = JSON.stringify(menuRoutes(tree));
    expect(menu).toContain('"/web/book"');
    expect(menu).not.toContain('$id');
  });

  it('puts the record page under its section in the breadcrumb', () => {
    expect(routeChain(tree, '/web/book/$id').map((n) => n.path)).toEqual(['/web', '/web/book/$id']);
  });

  it('lets the guard check a record page by its roles', () => {
    const input = { path: '/web/book/3', href: '/web/book/3', hasToken: true, mustChangePassword: false };
    expect(decide({ ...input, roles: ['operator'] }, tree)).toEqual({ type: 'allow' });
    // An admin-only record route: without matching $id the guard would not know it and let anyone in.
    const staffRecord = {
      path: '/users/adminuser/$id',
      meta: { title: tree[0]!.meta!.title, roles: ['admin' as const] },
    };
    const closed = [...tree, staffRecord];
    const staff = { ...input, path: '/users/adminuser/3', href: '/users/adminuser/3' };
    expect(decide({ ...staff, roles: ['operator'] }, closed)).toEqual({ type: 'forbidden' });
    expect(decide({ ...staff, roles: ['admin'] }, closed)).toEqual({ type: 'allow' });
    expect(filterRoutes(closed, ['operator']).some((n) => n.path === staffRecord.path)).toBe(false);
  });
});
