import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../helpers/database';
import { createBook, createCategory, createStaff, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();
let category: number;
beforeAll(async () => {
  category = await createCategory(s, 'Audited');
});

const auditRows = (resource: string, recordId: number) =>
  s.db
    .selectFrom('audit_log')
    .selectAll()
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute();

describe('audit log', () => {
  it('records who created, changed and deleted what, with the changed fields', async () => {
    const created = await createBook(s, { title: 'Before', author: 'A', categoryId: category, stock: 1 });
    await s.call('PUT', '/book', { token: s.adminToken, body: { ...created, title: 'After', stock: 2 } });
    await s.call('DELETE', `/book/${created.id}`, { token: s.adminToken });

    const rows = await auditRows('book', created.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    for (const r of rows) expect(r).toMatchObject({ actor_id: 1, actor_name: 'admin' });
    const [create, update, del] = rows.map((r) => JSON.parse(r.changes) as Record<string, unknown>);
    expect(create?.title).toEqual({ from: null, to: 'Before' });
    expect(update).toEqual({ title: { from: 'Before', to: 'After' }, stock: { from: 1, to: 2 } });
    expect(del?.title).toEqual({ from: 'After', to: null });
    expect(rows[1]?.at).toMatch(/Z$/);
  });

  it('never holds a password, only "(changed)"', async () => {
    const secret = 'Very-secret-pass-1';
    const { id } = await createStaff(s, {
      userName: 'audrey',
      name: 'Audrey',
      phone: '13900000071',
      roles: ['operator'],
      password: secret,
      // Never signs in: the rows below are the admin's alone.
      mustChange: true,
    });
    const body = {
      userName: 'audrey',
      phone: '13900000071',
      name: 'Audrey',
      roles: ['operator'],
      status: 'active',
      id,
    };
    await s.call('PUT', '/user', { token: s.adminToken, body: { ...body, version: 0, password: 'Another-secret-2' } });
    await s.call('PUT', '/user', { token: s.adminToken, body: { ...body, version: 1, name: 'Audrey H.' } });
    const rows = await auditRows('staff', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(JSON.parse(rows[0]?.changes ?? '{}').password).toBe('(changed)');
    expect(JSON.parse(rows[1]?.changes ?? '{}')).toEqual({ password: '(changed)' });
    expect(JSON.parse(rows[2]?.changes ?? '{}')).toEqual({ name: { from: 'Audrey', to: 'Audrey H.' } });
    const all = JSON.stringify(await s.db.selectFrom('audit_log').selectAll().execute());
    expect(all).not.toContain(secret);
    expect(all).not.toContain('Another-secret-2');
    expect(all).not.toContain('scrypt$');
  });

  it('is written in the same transaction as the change: when it fails, nothing is written', async () => {
    const book = await createBook(s, { title: 'Survivor', categoryId: category });
    // A real database failure at the audit insert, injected by a trigger (no mocks).
    if (TEST_ENGINE === 'postgres') {
      await sql`create function fail_book_audit() returns trigger language plpgsql as $$
        begin raise exception 'injected failure in audit_log'; end $$`.execute(s.db);
      await sql`create trigger fail_book_audit before insert on audit_log
        for each row when (new.resource = 'book') execute function fail_book_audit()`.execute(s.db);
    } else {
      await sql`create trigger fail_book_audit before insert on audit_log
        when new.resource = 'book' begin select raise(abort, 'injected failure in audit_log'); end`.execute(s.db);
    }
    try {
      const del = await s.call('DELETE', `/book/${book.id}`, { token: s.adminToken });
      expect(del.status).toBe(500);
      expect(del.body.code).toBe(50000);
      const requestId = /^Internal error \(request id ([0-9a-f]+)\)$/.exec(del.body.msg)?.[1];
      expect(requestId).toBeTruthy();
      // Details in the server log under that id, never in the response.
      expect(JSON.stringify(del.body)).not.toMatch(/injected|audit_log|insert|trigger|at .*\.ts/i);
      expect(s.logs.some((l) => l.includes(`[${requestId}]`) && l.includes('injected failure'))).toBe(true);
      const still = await s.db.selectFrom('book').select('title').where('id', '=', book.id).executeTakeFirst();
      expect(still?.title).toBe('Survivor');

      const before = await s.db
        .selectFrom('book')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const create = await s.call('POST', '/book', {
        token: s.adminToken,
        body: { title: 'Never', author: 'A', categoryId: category, stock: 1, status: 'on_shelf' },
      });
      expect(create.status).toBe(500);
      const after = await s.db
        .selectFrom('book')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    } finally {
      if (TEST_ENGINE === 'postgres') await sql`drop function fail_book_audit cascade`.execute(s.db);
      else await sql`drop trigger fail_book_audit`.execute(s.db);
    }
  });
});
