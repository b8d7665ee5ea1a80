import { describe, expect, it } from 'vitest';
import { filterRoutes } from '../../../src/lib/access';
import { pinyinForms } from '../../../src/lib/pinyin-forms';
import type { RouteNode } from '../../../src/lib/route-meta';
import { createRouteSearch, SEARCH_MAX_PATTERN, searchEntries } from '../../../src/lib/route-search';
import { CONSOLE_TREE as ROUTE_TREE } from './console-tree';

const en = (n: RouteNode) => n.meta?.title.message ?? n.path;
const zhTitles: Record<string, string> = {
  '/index': '首页',
  '/web': '界面管理',
  '/web/book': '书籍',
  '/web/banner': '轮播图',
  '/web/aboutus': '关于我们',
  '/web/news': '新闻',
  '/web/resource': '资源',
  '/web/bibliography': '书目',
  '/web/category': '分类',
  '/web/categorysubclass': '分类子类',
  '/web/video': '视频',
  '/users': '用户管理',
  '/users/user': '读者',
  '/users/adminuser': '员工',
  '/users/online': '在线留言',
  '/users/apply': '借阅申请',
  '/users/image': '图片',
};
const zh = (n: RouteNode) => zhTitles[n.path] ?? n.path;
const first = (results: { path: string }[]) => results[0]?.path;

describe('header search', () => {
  const english = createRouteSearch(searchEntries(filterRoutes(ROUTE_TREE, ['admin']), en, pinyinForms));
  const chinese = createRouteSearch(searchEntries(filterRoutes(ROUTE_TREE, ['admin']), zh, pinyinForms));

  const searches = { English: english, Chinese: chinese };
  it.each<[keyof typeof searches, string, string]>([
    // By English title or path.
    ['English', 'Books', '/web/book'],
    ['English', 'book', '/web/book'],
    ['English', 'aplications', '/users/apply'],
    ['English', 'Staff', '/users/adminuser'],
    ['English', '/web/categorysubclass', '/web/categorysubclass'],
    ['English', 'users/image', '/users/image'],
    // By Chinese title, pinyin or initials.
    ['Chinese', '书籍', '/web/book'],
    ['Chinese', 'shuji', '/web/book'],
    ['Chinese', 'shu ji', '/web/book'],
    ['Chinese', 'sj', '/web/book'],
    ['Chinese', 'jieyue', '/users/apply'],
    ['Chinese', 'yuangong', '/users/adminuser'],
    ['Chinese', 'zaixian', '/users/online'],
  ])('in %s titles finds %j at %s', (titles, query, path) => {
    expect(first(searches[titles](query))).toBe(path);
  });

  it('leaves out routes the role may not see, and group rows', () => {
    const operator = createRouteSearch(searchEntries(filterRoutes(ROUTE_TREE, ['operator']), en, pinyinForms));
    expect(operator('Staff').map((r) => r.path)).not.toContain('/users/adminuser');
    expect(english('Interface management').map((r) => r.path)).not.toContain('/web');
  });

  it('adds no pinyin when the setting is off or titles are not Chinese', () => {
    const off = createRouteSearch(searchEntries(filterRoutes(ROUTE_TREE, ['admin']), zh, null));
    expect(off('shuji')).toEqual([]);
    expect(searchEntries(ROUTE_TREE, en, pinyinForms).every((e) => e.pinyin.length === 0)).toBe(true);
  });

  it('returns nothing for an empty query and cuts patterns at 32 characters', () => {
    expect(english('   ')).toEqual([]);
    expect(SEARCH_MAX_PATTERN).toBe(32);
    expect(() => english('x'.repeat(100))).not.toThrow();
  });
});
