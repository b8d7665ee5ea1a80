import { expect } from 'vitest';
import type { Page } from '../../../src/contract/common';
import type { TestServer } from './test-server';

export type Errors = { errors: { path: string; message: string }[] };
type Rec = { id: number; version: number } & Record<string, unknown>;

/** POST /{r}/page as admin with the given body (pageSize 100 unless set). */
export const pageOf = <T = Rec>(s: TestServer, path: string, body: Record<string, unknown> = {}) =>
  s.call<Page<T>>('POST', `/${path}/page`, { token: s.adminToken, body: { pageNum: 1, pageSize: 100, ...body } });

export async function create(s: TestServer, path: string, body: Record<string, unknown>): Promise<Rec> {
  const res = await s.call<Rec>('POST', `/${path}`, { token: s.adminToken, body });
  if (res.status !== 201) throw new Error(`create ${path} failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Expect a 400 whose errors name exactly `field` (first error). */
export async function expectInvalid(s: TestServer, method: string, path: string, body: unknown, field: string) {
  const res = await s.call<Errors>(method, path, { token: s.adminToken, body });
  expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.code).toBe(40000);
  expect(res.body.data.errors.map((e) => e.path)).toContain(field);
}

/**
 * The life of one record through the generic routes: create → page finds it → update (version+1)
 * → stale update 409 → delete → 404. Returns nothing; every step is asserted.
 */
export async function roundTrip(
  s: TestServer,
  path: string,
  input: Record<string, unknown>,
  change: Record<string, unknown>,
  keyword: string,
) {
  const created = await create(s, path, input);
  expect(created).toMatchObject({ version: 0 });
  expect(created.createdAt).toMatch(/Z$/);
  const found = await pageOf(s, path, { keyword });
  expect(found.body.data.items.map((r) => r.id)).toContain(created.id);
  const upd = await s.call<Rec>('PUT', `/${path}`, { token: s.adminToken, body: { ...created, ...change } });
  expect(upd.status, JSON.stringify(upd.body)).toBe(200);
  expect(upd.body.data).toMatchObject({ ...change, version: 1 });
  const stale = await s.call('PUT', `/${path}`, { token: s.adminToken, body: { ...created, ...change } });
  expect(stale.status).toBe(409);
  expect(stale.body.code).toBe(40900);
  const del = await s.call('DELETE', `/${path}/${created.id}`, { token: s.adminToken });
  expect(del.body).toEqual({ code: 20000, msg: 'ok', data: null });
  expect((await s.call('DELETE', `/${path}/${created.id}`, { token: s.adminToken })).status).toBe(404);
}

export async function auditActions(s: TestServer, resource: string, recordId: number): Promise<string[]> {
  const rows = await s.db
    .selectFrom('audit_log')
    .select('action')
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}
