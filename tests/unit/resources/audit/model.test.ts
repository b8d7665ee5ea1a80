import { describe, expect, it } from 'vitest';
import { auditSearchSchema, changeLines, showValue } from '../../../../src/resources/audit/model';

describe('changeLines', () => {
  it('lists fields before bookkeeping, and secrets without values', () => {
    expect(
      changeLines({
        version: { from: 1, to: 2 },
        name: { from: 'A', to: 'B' },
        password: '(changed)',
        roles: { from: ['operator'], to: ['operator', 'admin'] },
      }),
    ).toEqual([
      { field: 'name', secret: false, from: 'A', to: 'B' },
      { field: 'password', secret: true, from: '', to: '' },
      { field: 'roles', secret: false, from: '["operator"]', to: '["operator","admin"]' },
      { field: 'version', secret: false, from: '1', to: '2' },
    ]);
  });
});

describe('showValue', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['x', 'x'],
    [0, '0'],
    [false, 'false'],
    [{ a: 1 }, '{"a":1}'],
  ])('%j → %j', (v, expected) => {
    expect(showValue(v)).toBe(expected);
  });
});

describe('auditSearchSchema', () => {
  it('keeps valid filters and drops broken ones', () => {
    expect(
      auditSearchSchema.read({ actor: '3', action: 'delete', resource: 'book', from: '2024-01-01', to: 'yesterday' }),
    ).toEqual({ pageNum: 1, pageSize: 10, actor: 3, action: 'delete', resource: 'book', from: '2024-01-01' });
  });
});
