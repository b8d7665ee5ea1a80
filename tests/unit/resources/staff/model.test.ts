import { describe, expect, it } from 'vitest';
import { staffSearchSchema, toStaffFormValues } from '../../../../src/resources/staff/model';
import { type Staff, staffCreateSchema, staffUpdateSchema } from '../../../../src/resources/staff/schema';

const staff: Staff = {
  id: 2,
  version: 5,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  userName: 'victor',
  phone: '13900000022',
  name: 'Victor',
  roles: ['admin'],
  status: 'active',
  avatar: null,
  introduction: null,
};

describe('toStaffFormValues', () => {
  it('never starts with a password, and a new account is an active operator', () => {
    expect(toStaffFormValues(staff).password).toBe('');
    expect(toStaffFormValues()).toMatchObject({ password: '', roles: ['operator'], status: 'active' });
  });

  it('on edit, an empty password is left out (unchanged)', () => {
    const body = staffUpdateSchema.parse({ ...toStaffFormValues(staff), id: staff.id, version: staff.version });
    // undefined: JSON leaves the key out, so the server keeps the password.
    expect(body.password).toBeUndefined();
    expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty('password');
    expect(body).toMatchObject({ userName: 'victor', roles: ['admin'] });
  });

  it('on create, the password is required', () => {
    expect(
      staffCreateSchema.safeParse({ ...toStaffFormValues(), userName: 'new_one', name: 'N', phone: '13900000099' })
        .success,
    ).toBe(false);
  });
});

describe('staffSearchSchema', () => {
  it('keeps role and status filters and drops nonsense', () => {
    expect(staffSearchSchema.read({ role: 'admin', status: 'disabled' })).toMatchObject({
      role: 'admin',
      status: 'disabled',
    });
    expect(staffSearchSchema.read({ role: 'root', sort: 'password' })).toEqual({ pageNum: 1, pageSize: 10 });
  });
});
