import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchResult } from '../../../src/contract/import';
import type { Book } from '../../../src/resources/book/schema';
import { auditActions, create, type Errors, pageOf } from '../helpers/crud';
import {
  createBook,
  createCategory,
  createShelves,
  insertBooks,
  numberedBooks,
  testServerForFile,
} from '../helpers/test-server';

/**
 * Batch edit (src/server/crud/batch.ts): one transaction, the version of every named record checked, a
 * record changed by someone else reported and left alone, one audit row per changed record.
 */
const s = testServerForFile();
let from: number;
let to: number;
let fromSub: number;
let toSub: number;

beforeAll(async () => {
  [[from, fromSub], [to, toSub]] = await createShelves(s, ['Batch from', 'Old shelf'], ['Batch to', 'New shelf']);
});

const batch = <T = BatchResult>(path: string, body: unknown) =>
  s.call<T>('POST', `/${path}/batch`, { token: s.adminToken, body });

const books = async (keyword: string) =>
  (await pageOf<Book>(s, 'book', { keyword, sort: 'id', order: 'asc' })).body.data.items;

describe('book batch edit', () => {
  it('previews, then moves the selected books to another category in one go, one audit row each', async () => {
    for (let i = 0; i < 5; i++) await createBook(s, { title: `Move ${i}`, categoryId: from, subclassId: fromSub });
    const before = await books('Move');
    const ids = before.map((b) => ({ id: b.id, version: b.version }));

    const preview = await batch('book', { ids, set: { categoryId: to }, dryRun: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toEqual({ matched: 5, changed: 5, unchanged: 0, conflicts: [] });
    expect((await books('Move')).map((b) => b.categoryId)).toEqual([from, from, from, from, from]);

    const done = await batch('book', { ids, set: { categoryId: to, subclassId: toSub } });
    expect(done.body.data).toEqual({ matched: 5, changed: 5, unchanged: 0, conflicts: [] });
    const after = await books('Move');
    expect(after.map((b) => [b.categoryId, b.subclassId, b.version])).toEqual(before.map(() => [to, toSub, 1]));
    for (const b of after) expect(await auditActions(s, 'book', b.id)).toEqual(['create', 'update']);

    // The same values again: nothing changes, no audit rows, versions stay.
    const again = await batch('book', {
      ids: after.map((b) => ({ id: b.id, version: b.version })),
      set: { categoryId: to, subclassId: toSub },
    });
    expect(again.body.data).toMatchObject({ changed: 0, unchanged: 5 });
    expect((await books('Move')).map((b) => b.version)).toEqual([1, 1, 1, 1, 1]);

    // A new category without a subclass leaves none (the old one belongs to the other category).
    const back = await batch('book', {
      ids: after.map((b) => ({ id: b.id, version: b.version })),
      set: { categoryId: from },
    });
    expect(back.body.data).toMatchObject({ changed: 5 });
    expect((await books('Move')).map((b) => b.subclassId)).toEqual([null, null, null, null, null]);
  });

  it('reports a record someone else changed meanwhile and does not overwrite it', async () => {
    for (let i = 0; i < 3; i++) await createBook(s, { title: `Stale ${i}`, categoryId: from });
    const seen = await books('Stale');
    const [, other] = seen;
    if (!other) throw new Error('no book');
    // Someone else edits the second book after the user selected it.
    const edited = await s.call<Book>('PUT', '/book', {
      token: s.adminToken,
      body: { ...other, title: 'Stale 1 (edited)', categoryName: undefined, subclassName: undefined },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const ids = seen.map((b) => ({ id: b.id, version: b.version }));
    const preview = await batch('book', { ids, set: { status: 'off_shelf' }, dryRun: true });
    expect(preview.body.data).toEqual({
      matched: 3,
      changed: 2,
      unchanged: 0,
      conflicts: [{ id: other.id, version: 0, current: 1 }],
    });
    const done = await batch('book', { ids, set: { status: 'off_shelf' } });
    expect(done.body.data).toEqual(preview.body.data);
    const after = await books('Stale');
    expect(after.map((b) => [b.title, b.status, b.version])).toEqual([
      ['Stale 0', 'off_shelf', 1],
      ['Stale 1 (edited)', 'on_shelf', 1],
      ['Stale 2', 'off_shelf', 1],
    ]);
    expect(await auditActions(s, 'book', other.id)).toEqual(['create', 'update']);

    // A removed record is a conflict too, with no current version.
    const gone = await createBook(s, { title: 'Stale gone', categoryId: from });
    await s.call('DELETE', `/book/${gone.id}`, { token: s.adminToken });
    const missing = await batch('book', { ids: [{ id: gone.id, version: 0 }], set: { status: 'on_shelf' } });
    expect(missing.body.data.conflicts).toEqual([{ id: gone.id, version: 0, current: null }]);
  });

  it('changes every record the filter matches, and refuses when the count moved since the preview', async () => {
    const cat = await createCategory(s, 'Batch filter');
    for (let i = 0; i < 4; i++) await createBook(s, { title: `Filtered ${i}`, categoryId: cat });
    await createBook(s, { title: 'Filtered but other category', categoryId: from });
    const filter = { categoryId: cat, keyword: 'Filtered' };
    const preview = await batch('book', { filter, set: { status: 'off_shelf' }, dryRun: true });
    expect(preview.body.data).toEqual({ matched: 4, changed: 4, unchanged: 0, conflicts: [] });

    await createBook(s, { title: 'Filtered late', categoryId: cat });
    const moved = await batch('book', { filter, set: { status: 'off_shelf' }, expected: 4 });
    expect(moved.status).toBe(409);
    expect(moved.body.data).toEqual({ matched: 5 });
    expect((await books('Filtered')).filter((b) => b.status === 'off_shelf')).toHaveLength(0);

    const done = await batch('book', { filter, set: { status: 'off_shelf' }, expected: 5 });
    expect(done.body.data).toMatchObject({ matched: 5, changed: 5 });
    expect((await books('Filtered')).map((b) => b.status)).toEqual([
      'off_shelf',
      'off_shelf',
      'off_shelf',
      'off_shelf',
      'on_shelf',
      'off_shelf',
    ]);
  });

  it('refuses a filter that matches more than 2,000 records, before writing anything', async () => {
    const cat = await createCategory(s, 'Batch too many');
    await insertBooks(s, 2001, numberedBooks('Many', cat));
    const res = await batch<Errors>('book', { filter: { categoryId: cat }, set: { status: 'off_shelf' } });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.map((e) => e.path)).toEqual(['filter']);
    const ids = Array.from({ length: 2001 }, (_, i) => ({ id: i + 1, version: 0 }));
    const tooMany = await batch<Errors>('book', { ids, set: { status: 'off_shelf' } });
    expect(tooMany.body.data.errors.map((e) => e.path)).toEqual(['ids']);
    const off = await pageOf(s, 'book', { categoryId: cat, status: 'off_shelf', pageSize: 1 });
    expect(off.body.data.total).toBe(0);
  });

  it('refuses bad requests with 400 and writes nothing', async () => {
    const b = await createBook(s, { title: 'Refused', categoryId: from });
    const ids = [{ id: b.id, version: b.version }];
    const cases: [unknown, string][] = [
      [{ ids, set: {} }, 'set'],
      [{ ids, set: { categoryId: 999_999 } }, 'categoryId'],
      [{ ids, set: { status: 'lost' } }, 'set.status'],
      [{ ids, set: { subclassId: toSub } }, 'set.subclassId'],
      [{ set: { status: 'off_shelf' } }, 'ids'],
      [{ ids, filter: {}, set: { status: 'off_shelf' } }, 'ids'],
      [{ ids: [...ids, ...ids], set: { status: 'off_shelf' } }, 'ids'],
      [{ ids, set: { title: 'x' } }, 'set.title'],
    ];
    for (const [body, path] of cases) {
      const res = await batch<Errors>('book', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.data.errors.map((e) => e.path),
        JSON.stringify(res.body),
      ).toContain(path);
    }
    expect((await books('Refused'))[0]?.version).toBe(0);
  });
});

describe('readers and messages', () => {
  it('disables readers and marks messages read; a replied message stays replied', async () => {
    const r1 = await create(s, 'users', { nickName: 'Batch one', phone: '13900000001', status: 'active' });
    const r2 = await create(s, 'users', { nickName: 'Batch two', phone: '13900000002', status: 'active' });
    const res = await batch('users', {
      ids: [r1, r2].map((r) => ({ id: r.id, version: r.version })),
      set: { status: 'disabled' },
    });
    expect(res.body.data).toMatchObject({ changed: 2 });
    const readers = (await pageOf<{ status: string }>(s, 'users', { keyword: 'Batch' })).body.data.items;
    expect(readers.map((r) => r.status)).toEqual(['disabled', 'disabled']);

    const m1 = await create(s, 'online', { readerName: 'Batch', content: 'Hello' });
    const m2 = await create(s, 'online', { readerName: 'Batch', content: 'Hi', reply: 'Welcome' });
    const marked = await batch('online', {
      ids: [m1, m2].map((m) => ({ id: m.id, version: m.version })),
      set: { status: 'read' },
    });
    expect(marked.body.data).toMatchObject({ changed: 1, unchanged: 1 });
    const msgs = (await pageOf<{ id: number; status: string }>(s, 'online', { keyword: 'Batch' })).body.data.items;
    expect(Object.fromEntries(msgs.map((m) => [m.id, m.status]))).toEqual({ [m1.id]: 'read', [m2.id]: 'replied' });
    const refused = await batch<Errors>('online', { ids: [{ id: m1.id, version: 1 }], set: { status: 'replied' } });
    expect(refused.status).toBe(400);
  });
});
