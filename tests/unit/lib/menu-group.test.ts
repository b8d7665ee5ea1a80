import { describe, expect, it } from 'vitest';
import { findRoute, routeChain } from '../../../src/lib/access';
import { inGroup, type RouteNode } from '../../../src/lib/route-meta';
import { CONSOLE_TREE } from './console-tree';

const childrenOf = (path: string) => CONSOLE_TREE.find((n) => n.path === path)?.children?.map((c) => c.path) ?? [];

describe('a route listed in another menu group than its URL', () => {
  it('puts Images with the site content (after Videos) and keeps its URL /users/image', () => {
    const web = childrenOf('/web').filter((p) => !findRoute(CONSOLE_TREE, p)?.hidden);
    expect(web.slice(-2)).toEqual(['/web/video', '/users/image']);
    expect(childrenOf('/users')).not.toContain('/users/image');
    expect(findRoute(CONSOLE_TREE, '/users/image')?.meta?.group).toBe('/web');
  });

  it('gives it the breadcrumb of the group it is listed in', () => {
    expect(routeChain(CONSOLE_TREE, '/users/image').map((n) => n.path)).toEqual(['/web', '/users/image']);
  });

  it('leaves every other route in the group its URL is under', () => {
    const node = (path: string, group?: string): RouteNode => ({
      path,
      meta: { title: { id: path }, roles: 'everyone', ...(group ? { group } : {}) },
    });
    expect(inGroup(node('/users/apply'), '/users')).toBe(true);
    expect(inGroup(node('/users/image', '/web'), '/users')).toBe(false);
    expect(inGroup(node('/users/image', '/web'), '/web')).toBe(true);
    expect(inGroup(node('/web/book'), '/users')).toBe(false);
  });
});
