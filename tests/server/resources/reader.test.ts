import { describe, expect, it } from 'vitest';
import { create, type Errors, expectInvalid, pageOf, roundTrip } from '../helpers/crud';
import { createBook, createCategory, testServerForFile } from '../helpers/test-server';

const s = testServerForFile();

const reader = (o: Record<string, unknown> = {}) => ({
  nickName: 'Reader',
  phone: '13700000000',
  status: 'active',
  ...o,
});

describe('readers', () => {
  it('pages, creates, updates and deletes', async () => {
    await roundTrip(
      s,
      'users',
      reader({ nickName: 'Round trip', phone: '13700000001' }),
      { gender: 'female' },
      'round',
    );
  });

  it('refuses a duplicate phone with 409 naming phone, on create and update', async () => {
    await create(s, 'users', reader({ phone: '13700000002' }));
    const other = await create(s, 'users', reader({ phone: '13700000003' }));
    const dup = await s.call<Errors>('POST', '/users', { token: s.adminToken, body: reader({ phone: '13700000002' }) });
    expect(dup.status).toBe(409);
    expect(dup.body.data.errors[0]?.path).toBe('phone');
    const upd = await s.call('PUT', '/users', { token: s.adminToken, body: { ...other, phone: '13700000002' } });
    expect(upd.status).toBe(409);
  });

  it('validates email, gender, status, phone and lengths', async () => {
    await expectInvalid(s, 'POST', '/users', reader({ email: 'not-an-email' }), 'email');
    await expectInvalid(s, 'POST', '/users', reader({ gender: 'x' }), 'gender');
    await expectInvalid(s, 'POST', '/users', reader({ status: 'banned' }), 'status');
    await expectInvalid(s, 'POST', '/users', reader({ phone: 'call me' }), 'phone');
    await expectInvalid(s, 'POST', '/users', reader({ nickName: 'x'.repeat(51) }), 'nickName');
    await expectInvalid(s, 'POST', '/users', reader({ avatarUrl: 'javascript:alert(1)' }), 'avatarUrl');
  });

  it('filters by status and gender', async () => {
    await create(s, 'users', reader({ nickName: 'Off', phone: '13700000010', status: 'disabled', gender: 'other' }));
    const off = await pageOf<{ nickName: string }>(s, 'users', { status: 'disabled', gender: 'other' });
    expect(off.body.data.items.map((r) => r.nickName)).toEqual(['Off']);
  });

  it('refuses to delete a reader with applications (409)', async () => {
    const cat = await createCategory(s, 'Readers cat');
    const book = await createBook(s, { categoryId: cat, stock: 2 });
    const r = await create(s, 'users', reader({ phone: '13700000020' }));
    await create(s, 'apply', { userId: r.id, bookId: book.id });
    const del = await s.call('DELETE', `/users/${r.id}`, { token: s.adminToken });
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('1 application');
  });
});
