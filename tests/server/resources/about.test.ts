import { describe, expect, it } from 'vitest';
import type { About, SiteLink } from '../../../src/resources/about/schema';
import { auditActions, expectInvalid } from '../helpers/crud';
import { testServerForFile } from '../helpers/test-server';

const s = testServerForFile();

describe('about us', () => {
  it('lists one empty record before anyone saves, then saves with version checks, audited', async () => {
    const first = await s.call<About[]>('GET', '/company/list', { token: s.adminToken });
    expect(first.body.data).toHaveLength(1);
    const empty = first.body.data[0] as About;
    expect(empty).toMatchObject({ id: 1, name: null, version: 0 });
    const saved = await s.call<About>('PUT', '/company', {
      token: s.adminToken,
      body: {
        ...empty,
        name: 'City Library',
        intro: 'Since 1901.',
        email: 'desk@lib.test',
        logoUrl: 'https://x.test/l.png',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'City Library', version: 1 });
    const stale = await s.call('PUT', '/company', { token: s.adminToken, body: { ...empty, name: 'Lost' } });
    expect(stale.status).toBe(409);
    const again = await s.call<About>('PUT', '/company', {
      token: s.adminToken,
      body: { ...saved.body.data, phone: '010-1234' },
    });
    expect(again.body.data).toMatchObject({ name: 'City Library', phone: '010-1234', version: 2 });
    expect((await s.call<About[]>('GET', '/company/list', { token: s.adminToken })).body.data[0]?.version).toBe(2);
    expect(await auditActions(s, 'about', 1)).toEqual(['create', 'update']);
  });

  it('validates email, logo URL and lengths', async () => {
    await expectInvalid(s, 'PUT', '/company', { email: 'nope' }, 'email');
    await expectInvalid(s, 'PUT', '/company', { logoUrl: 'javascript:alert(1)' }, 'logoUrl');
    await expectInvalid(s, 'PUT', '/company', { name: 'x'.repeat(101) }, 'name');
  });
});

describe('site links', () => {
  it('replaces the whole list atomically, sorted, audited', async () => {
    expect((await s.call<SiteLink[]>('GET', '/url/list', { token: s.adminToken })).body.data).toEqual([]);
    const put = await s.call<SiteLink[]>('PUT', '/url', {
      token: s.adminToken,
      body: [
        { name: 'Catalogue', url: 'https://lib.test/cat', sort: 2 },
        { name: 'Email us', url: 'mailto:desk@lib.test', sort: 1 },
        { name: 'Call', url: 'tel:+8610123', sort: 3 },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.data.map((l) => l.name)).toEqual(['Email us', 'Catalogue', 'Call']);
    // One bad item: nothing changes.
    const bad = await s.call<{ errors: { path: string }[] }>('PUT', '/url', {
      token: s.adminToken,
      body: [
        { name: 'Fine', url: 'https://a.test' },
        { name: 'Evil', url: 'javascript:alert(1)' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]?.path).toBe('1.url');
    const list = (await s.call<SiteLink[]>('GET', '/url/list', { token: s.adminToken })).body.data;
    expect(list).toHaveLength(3);
    const cleared = await s.call<SiteLink[]>('PUT', '/url', { token: s.adminToken, body: [{ ...list[0], sort: 0 }] });
    expect(cleared.body.data.map((l) => l.name)).toEqual(['Email us']);
    // The links are About us' too: its noun, record 0, titled as the links.
    expect(await auditActions(s, 'about', 0)).toEqual(['update', 'update']);
    const titles = await s.db
      .selectFrom('audit_log')
      .select('record_title')
      .where('resource', '=', 'about')
      .where('record_id', '=', 0)
      .execute();
    expect(titles.map((r) => r.record_title)).toEqual(['Site links', 'Site links']);
    await expectInvalid(s, 'PUT', '/url', { items: [] }, 'body');
  });
});
