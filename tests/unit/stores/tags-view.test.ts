import { describe, expect, it } from 'vitest';
import {
  addView,
  closeAll,
  closeOthers,
  closeView,
  neighbourAfterClose,
  siblingView,
  type TagsState,
  titleView,
  type VisitedView,
  viewKey,
} from '../../../src/stores/tags-view';

const view = (path: string, extra: Partial<VisitedView> = {}): VisitedView => ({
  key: path,
  path,
  href: path,
  ...extra,
});
const home = view('/index', { affix: true });
const start: TagsState = [home, view('/web/book'), view('/web/news', { noCache: true }), view('/users/apply')].reduce(
  addView,
  { visitedViews: [], cachedViews: [] },
);
const keys = (s: TagsState) => s.visitedViews.map((v) => v.key);

describe('tags view', () => {
  it('adds each page once, caches all but noCache pages, and updates the href of a revisit', () => {
    expect(keys(start)).toEqual(['/index', '/web/book', '/web/news', '/users/apply']);
    expect(start.cachedViews).toEqual(['/index', '/web/book', '/users/apply']);
    const again = addView(start, view('/web/book', { href: '/web/book?pageNum=3' }));
    expect(keys(again)).toEqual(keys(start));
    expect(again.visitedViews[1]?.href).toBe('/web/book?pageNum=3');
  });

  it('makes the same route with other search its own tab only when the route says so', () => {
    expect(viewKey('/web/book', '?pageNum=3', false)).toBe('/web/book');
    expect(viewKey('/web/book', '?pageNum=3', true)).toBe('/web/book?pageNum=3');
    const a = addView(start, {
      key: viewKey('/web/book', '?edit=42', true),
      path: '/web/book',
      href: '/web/book?edit=42',
    });
    expect(keys(a)).toContain('/web/book?edit=42');
    expect(keys(a)).toContain('/web/book');
  });

  it('never closes an affix tab', () => {
    expect(closeView(start, '/index')).toBe(start);
    expect(keys(closeView(start, '/web/news'))).toEqual(['/index', '/web/book', '/users/apply']);
  });

  it('close others keeps affix tabs and the chosen one', () => {
    const s = closeOthers(start, '/web/news');
    expect(keys(s)).toEqual(['/index', '/web/news']);
    expect(s.cachedViews).toEqual(['/index']);
  });

  it('close all keeps only affix tabs', () => {
    expect(keys(closeAll(start))).toEqual(['/index']);
    expect(closeAll(start).cachedViews).toEqual(['/index']);
  });

  it.each([
    ['/web/book', '/web/news'],
    ['/users/apply', '/web/news'],
    ['/nope', undefined],
  ])('closing the active %s goes to %s', (key, expected) => {
    expect(neighbourAfterClose(start, key)?.key).toBe(expected);
  });

  it('moves to the next and previous tab, wrapping around', () => {
    expect(siblingView(start, '/users/apply', 1)?.key).toBe('/index');
    expect(siblingView(start, '/index', -1)?.key).toBe('/users/apply');
    expect(siblingView(start, '/web/book', 1)?.key).toBe('/web/news');
  });

  it('steps from a page whose tab is not added yet as from the last place, where it will be', () => {
    expect(siblingView(start, '/just/opened', -1)?.key).toBe('/users/apply');
    expect(siblingView(start, '/just/opened', 1)?.key).toBe('/index');
    expect(siblingView({ visitedViews: [], cachedViews: [] }, '/just/opened', 1)).toBeUndefined();
  });

  it("names a record page's tab by its record, keeps the name on a revisit, and changes nothing else", () => {
    const opened = addView(start, view('/web/book/300', { path: '/web/book/$id' }));
    const named = titleView(opened, '/web/book/300', 'Atlas of Recorded Things');
    expect(named.visitedViews.find((v) => v.key === '/web/book/300')?.title).toBe('Atlas of Recorded Things');
    expect(named.visitedViews.filter((v) => v.title !== undefined)).toHaveLength(1);
    expect(named.cachedViews).toBe(opened.cachedViews);
    // A revisit (a new href) keeps the name; the same name again, or a tab not open, changes nothing.
    const again = addView(named, view('/web/book/300', { path: '/web/book/$id', href: '/web/book/300?x=1' }));
    expect(again.visitedViews.find((v) => v.key === '/web/book/300')).toMatchObject({
      href: '/web/book/300?x=1',
      title: 'Atlas of Recorded Things',
    });
    expect(titleView(again, '/web/book/300', 'Atlas of Recorded Things')).toBe(again);
    expect(titleView(again, '/web/book/301', 'Another')).toBe(again);
    // Renamed record, renamed tab.
    expect(titleView(again, '/web/book/300', 'Atlas II').visitedViews.at(-1)?.title).toBe('Atlas II');
  });
});
