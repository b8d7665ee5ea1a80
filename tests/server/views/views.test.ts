import { beforeAll, describe, expect, it } from 'vitest';
import type { ListView } from '../../../src/contract/views';
import { createStaff, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();
let ann: string;
let bob: string;
beforeAll(async () => {
  await createStaff(s, { userName: 'ann', phone: '13900000701', roles: ['operator'], password: 'Ann-pass-1234' });
  await createStaff(s, { userName: 'bob', phone: '13900000702', roles: ['operator'], password: 'Bob-pass-1234' });
  ann = (await s.login('ann', 'Ann-pass-1234')).body.data.token;
  bob = (await s.login('bob', 'Bob-pass-1234')).body.data.token;
});

const view = (over: Record<string, unknown> = {}) => ({
  list: 'book',
  name: 'Fiction out of stock',
  columns: ['title', 'stock', 'status'],
  widths: { title: 320 },
  density: 'compact',
  search: { categoryId: 3, status: 'on', sort: 'stock', order: 'asc', pageSize: 20, pageNum: 4 },
  isDefault: false,
  ...over,
});
const save = (token: string, body: unknown) => s.call<ListView>('POST', '/views', { token, body });
const list = async (token: string, name = 'book') =>
  (await s.call<ListView[]>('GET', `/views?list=${name}`, { token })).body.data;

describe('saved list views', () => {
  it('keeps a view per member and list, without the page number', async () => {
    const res = await save(ann, view());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      list: 'book',
      name: 'Fiction out of stock',
      columns: ['title', 'stock', 'status'],
      widths: { title: 320 },
      density: 'compact',
      search: { categoryId: 3, status: 'on', sort: 'stock', order: 'asc', pageSize: 20 },
      isDefault: false,
      version: 1,
    });
    expect(res.body.data.search).not.toHaveProperty('pageNum');
    expect((await list(ann)).map((v) => v.name)).toEqual(['Fiction out of stock']);
    expect(await list(ann, 'reader')).toEqual([]);
  });

  it('never shows or lets another member change or delete a view', async () => {
    const mine = (await save(ann, view({ name: 'Private' }))).body.data;
    expect((await list(bob)).map((v) => v.name)).not.toContain('Private');
    const put = await s.call('PUT', '/views', {
      token: bob,
      body: { ...view({ name: 'Taken over' }), id: mine.id, version: 1 },
    });
    expect(put.status).toBe(404);
    const del = await s.call('DELETE', `/views/${mine.id}`, { token: bob });
    expect(del.status).toBe(404);
    const still = (await list(ann)).find((v) => v.id === mine.id);
    expect(still).toMatchObject({ name: 'Private', version: 1 });
    // Another member may use the same name for their own view.
    expect((await save(bob, view({ name: 'Private' }))).status).toBe(201);
    expect((await s.call('GET', '/views?list=book')).status).toBe(401);
  });

  it('keeps one default per list: a new default takes the mark', async () => {
    const first = (await save(ann, view({ name: 'Default one', isDefault: true }))).body.data;
    const second = (await save(ann, view({ name: 'Default two', isDefault: true }))).body.data;
    expect(second.isDefault).toBe(true);
    const views = await list(ann);
    expect(views.filter((v) => v.isDefault).map((v) => v.id)).toEqual([second.id]);
    expect(views.find((v) => v.id === first.id)?.version).toBe(2);
    // Bob's default of the same list is his own.
    await save(bob, view({ name: 'Bob default', isDefault: true }));
    expect((await list(ann)).filter((v) => v.isDefault).map((v) => v.id)).toEqual([second.id]);
  });

  it('refuses a stale version with 409 and the view as it is now', async () => {
    const v = (await save(ann, view({ name: 'Versioned' }))).body.data;
    const renamed = await s.call<ListView>('PUT', '/views', {
      token: ann,
      body: { ...view({ name: 'Renamed' }), id: v.id, version: 1 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', version: 2 });
    const stale = await s.call<{ current: ListView; reason: { code: string } }>('PUT', '/views', {
      token: ann,
      body: { ...view({ name: 'Lost' }), id: v.id, version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data.reason.code).toBe('stale');
    expect(stale.body.data.current).toMatchObject({ id: v.id, name: 'Renamed', version: 2 });
  });

  it('refuses a second view of the same name in one list, and bad input', async () => {
    await save(ann, view({ name: 'Twice' }));
    const again = await save(ann, view({ name: 'Twice' }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(40900);
    const bad = await save(ann, view({ list: 'Book!', density: 'huge', name: '' }));
    expect(bad.status).toBe(400);
    const paths = (bad.body.data as unknown as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
    expect(paths).toEqual(['density', 'list', 'name']);
  });

  it('deletes a view of the member', async () => {
    const v = (await save(ann, view({ name: 'Gone soon' }))).body.data;
    expect((await s.call('DELETE', `/views/${v.id}`, { token: ann })).status).toBe(200);
    expect((await list(ann)).some((x) => x.id === v.id)).toBe(false);
    expect((await s.call('DELETE', `/views/${v.id}`, { token: ann })).status).toBe(404);
  });
});
