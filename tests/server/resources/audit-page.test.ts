import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../src/contract/common';
import type { AuditEntry } from '../../../src/resources/audit/schema';
import { create } from '../helpers/crud';
import { createStaff, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();
let operator: string;
let bannerId: number;
beforeAll(async () => {
  await createStaff(s, { userName: 'opera', phone: '13900000111', roles: ['operator'], password: 'Operator-pass-1' });
  operator = (await s.login('opera', 'Operator-pass-1')).body.data.token;
  const b = await s.call<{ id: number; version: number }>('POST', '/banner', {
    token: operator,
    body: { title: 'By operator', imageUrl: '/x.png' },
  });
  bannerId = b.body.data.id;
  await create(s, 'banner', { title: 'By admin', imageUrl: '/y.png' });
});

const auditPage = (body: Record<string, unknown>, token = s.adminToken) =>
  s.call<Page<AuditEntry>>('POST', '/audit/page', { token, body: { pageNum: 1, pageSize: 100, ...body } });

describe('audit page', () => {
  it('is admin only', async () => {
    const res = await auditPage({}, operator);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(40300);
  });

  it('filters by actor, action, resource, record and dates; newest first', async () => {
    const all = (await auditPage({})).body.data;
    expect(all.items[0]?.id).toBeGreaterThan(all.items[1]?.id ?? Infinity);
    const opId = all.items.find((e) => e.actorName === 'opera')?.actorId;
    const byOpAll = (await auditPage({ actor: opId })).body.data.items;
    // The operator's own sign-ins and sign-out are theirs too (security events, tested on their own).
    expect(byOpAll.filter((e) => e.resource === 'security').map((e) => e.action)).toContain('sign_in');
    const byOp = byOpAll.filter((e) => e.resource !== 'security');
    // Newest first: the banner, then the operator changing the admin-set password (createStaff).
    expect(byOp.map((e) => [e.resource, e.action, e.recordId])).toEqual([
      ['banner', 'create', bannerId],
      ['staff', 'update', opId],
    ]);
    expect(byOp[1]?.changes).toEqual({ password: '(changed)' });
    expect(byOp[0]?.changes.title).toEqual({ from: null, to: 'By operator' });
    const banners = (await auditPage({ resource: 'banner', action: 'create' })).body.data;
    expect(banners.total).toBe(2);
    expect((await auditPage({ resource: 'banner', recordId: bannerId })).body.data.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditPage({ from: today, to: today, resource: 'banner' })).body.data.total).toBe(2);
    expect((await auditPage({ to: '2000-01-01' })).body.data.total).toBe(0);
    expect((await auditPage({ from: '2999-01-01' })).body.data.total).toBe(0);
    const asc = (await auditPage({ sort: 'at', order: 'asc' })).body.data.items;
    // The first record change is the first admin's creation (sign-ins aside).
    expect(asc.filter((e) => e.resource !== 'security')[0]?.resource).toBe('staff');
  });

  it('searches actor, resource and changes as plain text; refuses bad filters', async () => {
    expect((await auditPage({ keyword: 'By operator' })).body.data.total).toBe(1);
    expect((await auditPage({ keyword: `%'_"<x>` })).body.data.total).toBe(0);
    for (const body of [{ action: 'read' }, { from: 'monday' }, { sort: 'actor' }, { actor: -1 }]) {
      expect((await auditPage(body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("names each entry's record, and finds every change of a record by its title", async () => {
    const banner = (await auditPage({ resource: 'banner', recordId: bannerId })).body.data.items[0];
    expect(banner?.recordTitle).toBe('By operator');
    // A change that leaves the title alone is still found by it, and says which record it was.
    const current = await s.call<Page<{ id: number; version: number }>>('POST', '/banner/page', {
      token: s.adminToken,
      body: { pageNum: 1, pageSize: 10, keyword: 'By operator' },
    });
    const row = current.body.data.items.find((b) => b.id === bannerId);
    expect(row).toBeTruthy();
    const put = await s.call('PUT', '/banner', {
      token: s.adminToken,
      body: { id: bannerId, version: row?.version, title: 'By operator', imageUrl: '/z.png' },
    });
    expect(put.status).toBe(200);
    const found = (await auditPage({ keyword: 'By operator', action: 'update' })).body.data.items;
    expect(found.map((e) => [e.resource, e.recordId, e.recordTitle, Object.keys(e.changes)])).toEqual([
      ['banner', bannerId, 'By operator', ['imageUrl']],
    ]);
  });

  it('never shows a password', async () => {
    const all = JSON.stringify((await auditPage({ resource: 'staff' })).body.data);
    expect(all).toContain('(changed)');
    expect(all).not.toContain('Operator-pass-1');
  });
});
