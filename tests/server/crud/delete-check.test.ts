import { describe, expect, it } from 'vitest';
import { categoriesInUse, createCategory, testServerForFile } from '../helpers/test-server';

/*
 * POST /{resource}/{id}/delete-check: the console asks it before showing a row as deleted behind an
 * Undo toast. It answers what DELETE would, and changes nothing (no delete, no audit row).
 */
const s = testServerForFile();

const auditRows = async () =>
  Number(
    (
      await s.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('delete-check', () => {
  it('refuses your own staff account with the same answer as DELETE', async () => {
    const check = await s.call('POST', '/user/1/delete-check', { token: s.adminToken });
    const del = await s.call('DELETE', '/user/1', { token: s.adminToken });
    expect(check.status).toBe(409);
    expect(check.body).toEqual(del.body);
    expect(check.body.msg).toMatch(/own account/);
  });

  it('refuses a category still in use (rules and references), allows an unused one and deletes nothing', async () => {
    for (const id of await categoriesInUse(s, 'Checked')) {
      const res = await s.call('POST', `/category/${id}/delete-check`, { token: s.adminToken });
      expect(res.status).toBe(409);
      expect(res.body.msg).toMatch(/still in use/);
      // Which rule, with what the console needs to word it in the user's language.
      expect(res.body.data).toMatchObject({ reason: { code: 'category_in_use' } });
    }
    const unused = await createCategory(s, 'Checked, unused');
    const before = await auditRows();
    const ok = await s.call('POST', `/category/${unused}/delete-check`, { token: s.adminToken });
    expect(ok.body).toEqual({ code: 20000, msg: 'ok', data: null });
    // Rolled back: still there, and no audit row was written.
    expect(await auditRows()).toBe(before);
    const page = await s.call<{ items: { id: number }[] }>('POST', '/category/page', {
      token: s.adminToken,
      body: { pageNum: 1, pageSize: 100 },
    });
    expect(page.body.data.items.map((c) => c.id)).toContain(unused);
    expect((await s.call('DELETE', `/category/${unused}`, { token: s.adminToken })).status).toBe(200);
    expect((await s.call('POST', `/category/${unused}/delete-check`, { token: s.adminToken })).status).toBe(404);
  });

  it('is guarded like the delete itself', async () => {
    expect((await s.call('POST', '/category/1/delete-check', { token: null })).status).toBe(401);
  });
});
