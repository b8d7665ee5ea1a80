import { describe, expect, it } from 'vitest';
import { applicationSearchSchema, transitionBody, transitionsFor } from '../../../../src/resources/application/model';
import { applicationUpdateSchema } from '../../../../src/resources/application/schema';
import { APPLICATION_STATUSES } from '../../../../src/resources/application/spec';

describe('transitionsFor', () => {
  it.each([
    ['pending', 3, ['approved', 'rejected']],
    ['pending', 0, ['approved', 'rejected', 'on_hold']],
    ['approved', 1, ['returned']],
    ['rejected', 1, []],
    ['returned', 1, []],
    ['on_hold', 0, ['rejected']],
    ['ready', 0, ['approved', 'rejected']],
    ['expired', 0, []],
  ] as const)('offers %s (stock %i) → %j', (status, stock, expected) => {
    expect(transitionsFor(status, stock).map((t) => t.to)).toEqual(expected);
  });

  it('covers every status of the contract', () => {
    for (const s of APPLICATION_STATUSES) expect(Array.isArray(transitionsFor(s))).toBe(true);
  });
});

describe('transitionBody', () => {
  it('sends id, version and status, and a remark only when written', () => {
    expect(transitionBody({ id: 4, version: 2 }, 'approved', '  ')).toEqual({ id: 4, version: 2, status: 'approved' });
    expect(transitionBody({ id: 4, version: 2 }, 'rejected', ' no ')).toEqual({
      id: 4,
      version: 2,
      status: 'rejected',
      remark: 'no',
    });
  });

  it('sends the due date only when the approver set one', () => {
    const dueAt = '2030-01-31T22:59:59.999Z';
    expect(transitionBody({ id: 4, version: 2 }, 'approved', '', dueAt)).toEqual({
      id: 4,
      version: 2,
      status: 'approved',
      dueAt,
    });
    expect(
      applicationUpdateSchema.safeParse(transitionBody({ id: 1, version: 0 }, 'approved', '', dueAt)).success,
    ).toBe(true);
  });

  it('is what the server validates', () => {
    expect(applicationUpdateSchema.safeParse(transitionBody({ id: 1, version: 0 }, 'returned', 'ok')).success).toBe(
      true,
    );
  });
});

describe('applicationSearchSchema', () => {
  it('keeps a known status and drops an unknown one', () => {
    expect(applicationSearchSchema.read({ status: 'approved' })).toMatchObject({ status: 'approved' });
    expect(applicationSearchSchema.read({ status: 'lost' }).status).toBeUndefined();
  });
});
