import { beforeAll, describe, expect, it } from 'vitest';
import { auditActions, create, type Errors, expectInvalid, pageOf, roundTrip } from '../helpers/crud';
import { createCategory, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();
let category: number;
beforeAll(async () => {
  category = await createCategory(s, 'Content');
});

const banner = (o: Record<string, unknown> = {}) => ({
  title: 'Spring reading',
  imageUrl: 'https://x.test/a.png',
  ...o,
});
const news = (o: Record<string, unknown> = {}) => ({
  title: 'Opening hours',
  content: '<p>Open</p>',
  status: 'draft',
  ...o,
});
const resource = (o: Record<string, unknown> = {}) => ({
  title: 'Guide',
  type: 'ebook',
  url: 'https://x.test/g',
  ...o,
});
const bib = (o: Record<string, unknown> = {}) => ({ title: 'Walden', author: 'Thoreau', ...o });
const online = (o: Record<string, unknown> = {}) => ({ readerName: 'Mei', content: 'When do you open?', ...o });

describe('page, create, update, delete', () => {
  it.each([
    ['banner', banner({ title: 'Banner round' }), { title: 'Banner renamed', enabled: false }, 'banner round'],
    ['news', news({ title: 'News round' }), { title: 'News renamed' }, 'news round'],
    ['resource', resource({ title: 'Res round', categoryId: 0 }), { type: 'audio' }, 'res round'],
    ['bibliography', bib({ title: 'Bib round', isbn: '0-306-40615-2' }), { year: 1854 }, 'bib round'],
    ['online', online({ readerName: 'Round' }), { status: 'read' }, 'round'],
  ])('%s', async (path, input, change, keyword) => {
    await roundTrip(s, path, { ...input, ...(path === 'resource' ? { categoryId: category } : {}) }, change, keyword);
  });

  it('audits create, update and delete of each', async () => {
    const b = await create(s, 'banner', banner({ title: 'Audited' }));
    await s.call('PUT', '/banner', { token: s.adminToken, body: { ...b, sort: 3 } });
    await s.call('DELETE', `/banner/${b.id}`, { token: s.adminToken });
    expect(await auditActions(s, 'banner', b.id)).toEqual(['create', 'update', 'delete']);
  });
});

describe('banner', () => {
  it('accepts http, https, mailto and tel links only', async () => {
    for (const linkUrl of ['http://a.test', 'https://a.test/x?y=1', 'mailto:desk@lib.test', 'tel:+8613800000000']) {
      expect((await create(s, 'banner', banner({ linkUrl }))).linkUrl).toBe(linkUrl);
    }
    for (const linkUrl of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://a.test',
      'a.test',
      'https:foo',
      'http:// a',
    ]) {
      await expectInvalid(s, 'POST', '/banner', banner({ linkUrl }), 'linkUrl');
    }
  });

  it('refuses missing image, long titles, non-boolean enabled; filters by enabled', async () => {
    await expectInvalid(s, 'POST', '/banner', { title: 'x' }, 'imageUrl');
    await expectInvalid(s, 'POST', '/banner', banner({ title: 'x'.repeat(101) }), 'title');
    await expectInvalid(s, 'POST', '/banner', banner({ enabled: 'yes' }), 'enabled');
    await expectInvalid(s, 'POST', '/banner', banner({ sort: -1 }), 'sort');
    await create(s, 'banner', banner({ title: 'Hidden one', enabled: false }));
    const off = await pageOf<{ enabled: boolean }>(s, 'banner', { enabled: false });
    expect(off.body.data.items.length).toBeGreaterThan(0);
    expect(off.body.data.items.every((b) => !b.enabled)).toBe(true);
  });
});

describe('news', () => {
  it('strips scripts, event handlers and javascript: URLs on create and update, keeps formatting', async () => {
    const dirty =
      '<h2>Title</h2><p>Hello <strong>bold</strong> <em>it</em> <a href="https://x.test">link</a></p>' +
      '<script>alert(1)</script><img src="https://x.test/p.png" alt="p" onerror="alert(2)">' +
      '<a href="javascript:alert(3)">bad</a><ul><li>one</li></ul><p onclick="x()">para</p>';
    const n = await create(s, 'news', news({ content: dirty }));
    const html = String(n.content);
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|alert/i);
    for (const kept of [
      '<h2>Title</h2>',
      '<strong>bold</strong>',
      '<em>it</em>',
      '<a href="https://x.test">link</a>',
    ]) {
      expect(html).toContain(kept);
    }
    expect(html).toContain('<img src="https://x.test/p.png" alt="p" />');
    expect(html).toContain('<ul><li>one</li></ul>');
    const upd = await s.call<{ content: string }>('PUT', '/news', {
      token: s.adminToken,
      body: { ...n, content: '<p>ok</p><svg onload="alert(1)"></svg><iframe src="https://evil.test"></iframe>' },
    });
    expect(upd.body.data.content).toBe('<p>ok</p>');
    await expectInvalid(s, 'POST', '/news', news({ content: '<script>alert(1)</script>' }), 'content');
  });

  it('sets publishedAt when first published and keeps it on later edits', async () => {
    const draft = await create(s, 'news', news({ title: 'To publish' }));
    expect(draft.publishedAt).toBeNull();
    const pub = (
      await s.call<Record<string, unknown>>('PUT', '/news', {
        token: s.adminToken,
        body: { ...draft, status: 'published' },
      })
    ).body.data;
    expect(pub.publishedAt).toMatch(/Z$/);
    const { publishedAt: _drop, ...withoutDate } = pub;
    const again = await s.call<Record<string, unknown>>('PUT', '/news', {
      token: s.adminToken,
      body: { ...withoutDate, title: 'Edited' },
    });
    expect(again.body.data.publishedAt).toBe(pub.publishedAt);
    const given = await create(s, 'news', news({ status: 'published', publishedAt: '2024-05-01T08:00:00Z' }));
    expect(given.publishedAt).toBe('2024-05-01T08:00:00.000Z');
  });

  it('refuses bad status and over-long content; filters by status', async () => {
    await expectInvalid(s, 'POST', '/news', news({ status: 'live' }), 'status');
    await expectInvalid(s, 'POST', '/news', news({ content: 'x'.repeat(100_001) }), 'content');
    await expectInvalid(s, 'POST', '/news', news({ publishedAt: 'yesterday' }), 'publishedAt');
    const pub = await pageOf<{ status: string }>(s, 'news', { status: 'published' });
    expect(pub.body.data.items.every((n) => n.status === 'published')).toBe(true);
  });
});

describe('resource', () => {
  it('refuses bad types, url schemes and missing categories', async () => {
    await expectInvalid(s, 'POST', '/resource', resource({ type: 'book' }), 'type');
    await expectInvalid(s, 'POST', '/resource', resource({ url: 'javascript:alert(1)' }), 'url');
    const res = await s.call<Errors>('POST', '/resource', {
      token: s.adminToken,
      body: resource({ categoryId: 9999 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([{ path: 'categoryId', message: 'no such category' }]);
  });

  it('filters by type and category, joins the category name, and keeps the category from deletion', async () => {
    const r = await create(s, 'resource', resource({ title: 'Audio tour', type: 'audio', categoryId: category }));
    expect(r.categoryName).toBe('Content');
    const audio = await pageOf<{ type: string }>(s, 'resource', { type: 'audio', categoryId: category });
    expect(audio.body.data.items.map((x) => x.type)).toEqual(['audio']);
    const del = await s.call('DELETE', `/category/${category}`, { token: s.adminToken });
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('1 resource');
  });
});

describe('bibliography', () => {
  it('checks year bounds and the ISBN check digit', async () => {
    await expectInvalid(s, 'POST', '/bibliography', bib({ year: 999 }), 'year');
    await expectInvalid(s, 'POST', '/bibliography', bib({ year: new Date().getUTCFullYear() + 2 }), 'year');
    await expectInvalid(s, 'POST', '/bibliography', bib({ year: 1900.5 }), 'year');
    await expectInvalid(s, 'POST', '/bibliography', bib({ isbn: '9780306406158' }), 'isbn');
    await expectInvalid(s, 'POST', '/bibliography', bib({ author: '' }), 'author');
    expect((await create(s, 'bibliography', bib({ isbn: '978-0-306-40615-7' }))).isbn).toBe('9780306406157');
  });

  it('filters by year range', async () => {
    await create(s, 'bibliography', bib({ title: 'Old', year: 1851 }));
    await create(s, 'bibliography', bib({ title: 'New', year: 2001 }));
    const r = await pageOf<{ title: string }>(s, 'bibliography', { yearFrom: 1850, yearTo: 1900 });
    expect(r.body.data.items.map((b) => b.title)).toEqual(['Old']);
  });
});

describe('online messages', () => {
  it('a reply makes the message replied; replied without a reply is refused', async () => {
    const m = await create(s, 'online', online());
    expect(m.status).toBe('unread');
    const upd = await s.call<{ status: string }>('PUT', '/online', {
      token: s.adminToken,
      body: { ...m, reply: 'From nine.', status: 'read' },
    });
    expect(upd.body.data.status).toBe('replied');
    await expectInvalid(s, 'POST', '/online', online({ status: 'replied' }), 'status');
    await expectInvalid(s, 'POST', '/online', online({ status: 'spam' }), 'status');
    await expectInvalid(s, 'POST', '/online', online({ content: 'x'.repeat(2001) }), 'content');
    const replied = await pageOf(s, 'online', { status: 'replied' });
    expect(replied.body.data.items.map((x) => x.id)).toEqual([m.id]);
  });
});

describe('keywords', () => {
  it.each(['banner', 'news', 'resource', 'bibliography', 'online'])(
    '%s: SQL and HTML metacharacters are just text',
    async (path) => {
      const nasty = `%_'"; DROP TABLE x;--<b>`;
      const res = await pageOf(s, path, { keyword: nasty });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(0);
      expect((await pageOf(s, path, { sort: 'nope' })).status).toBe(400);
    },
  );

  it('finds a title containing them', async () => {
    const title = `100% <i>'odd'</i> _title_`;
    await create(s, 'bibliography', bib({ title }));
    const r = await pageOf<{ title: string }>(s, 'bibliography', { keyword: "% <i>'odd'" });
    expect(r.body.data.items.map((b) => b.title)).toEqual([title]);
  });
});
