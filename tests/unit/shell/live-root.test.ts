import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { allSubclassesQuery, categoryListQuery } from '../../../src/components/pickers/picker-queries';
import { handleLiveMessage } from '../../../src/shell/live-root';
import { liveStore, resetLiveStore } from '../../../src/stores/live';

/** A real QueryClient with a few cached queries, to see which the live events mark stale. */
function clientWith(keys: unknown[][]) {
  const qc = new QueryClient();
  for (const k of keys) qc.setQueryData(k, { any: 1 });
  const stale = () =>
    qc
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
  return { qc, stale };
}

const msg = (event: string, data: unknown) => ({ event, data: JSON.stringify(data) });

describe('handleLiveMessage', () => {
  beforeEach(resetLiveStore);

  it("a change marks that resource's queries (every page and filter) and Home's stale, nothing else", () => {
    const { qc, stale } = clientWith([
      ['book', 'page', { pageNum: 1 }],
      ['book', 'page', { pageNum: 2, keyword: 'x' }],
      ['application', 'page', { pageNum: 1 }],
      ['category', 'list'],
      ['system', 'info'],
    ]);
    handleLiveMessage(
      msg('change', { resource: 'book', id: 1, version: 2, action: 'update', actor: { id: 1, name: 'a' } }),
      qc,
    );
    expect(stale()).toEqual(
      ['["book","page",{"pageNum":1}]', '["book","page",{"pageNum":2,"keyword":"x"}]', '["system","info"]'].sort(),
    );
  });

  it('a change names its noun, whatever its API path: a subclass refreshes its lists and pickers', () => {
    const { qc, stale } = clientWith([
      ['subclass', 'page', { pageNum: 1 }],
      [...allSubclassesQuery().queryKey],
      [...categoryListQuery().queryKey],
      ['category', 'page', {}],
    ]);
    handleLiveMessage(
      msg('change', { resource: 'subclass', id: 3, version: 1, action: 'create', actor: { id: 1, name: 'a' } }),
      qc,
    );
    expect(stale()).toEqual(['["subclass","list"]', '["subclass","page",{"pageNum":1}]']);
  });

  it('counts fill the badges; presence adds and removes editors; ready forgets old presence; reset refreshes all', () => {
    const { qc, stale } = clientWith([
      ['book', 'page', {}],
      ['message', 'page', {}],
    ]);
    handleLiveMessage(msg('counts', { pendingApplications: 3, unreadMessages: 1 }), qc);
    expect(liveStore.counts).toEqual({ pendingApplications: 3, unreadMessages: 1 });
    const editors = [{ clientId: 'other-tab', staffId: 2, name: 'Ann' }];
    handleLiveMessage(msg('presence', { resource: 'book', id: 7, editors }), qc);
    expect(liveStore.presence['book:7']).toEqual(editors);
    handleLiveMessage(msg('presence', { resource: 'book', id: 7, editors: [] }), qc);
    expect(liveStore.presence['book:7']).toBeUndefined();
    handleLiveMessage(msg('presence', { resource: 'book', id: 8, editors }), qc);
    handleLiveMessage(msg('ready', { instance: 'x' }), qc, true);
    expect(liveStore.presence).toEqual({});
    expect(stale()).toEqual([]);
    handleLiveMessage(msg('reset', {}), qc);
    expect(stale()).toHaveLength(2);
  });

  it('a first connection (not a resume) refreshes what is shown: changes before it were never sent', () => {
    const { qc, stale } = clientWith([
      ['book', 'page', {}],
      ['message', 'page', {}],
    ]);
    handleLiveMessage(msg('ready', { instance: 'x' }), qc, false);
    expect(stale()).toHaveLength(2);
  });
});
