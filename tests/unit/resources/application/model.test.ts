import { describe, expect, it } from 'vitest';
import { applicationSearchSchema, transitionBody, transitionsFor } from '../../../../src/resources/application/model';
import { applicationUpdateSchema } from '../../../../src/resources/application/schema';
import { APPLICATION_STATUSES } from '../../../../src/resources/application/spec';

describe('transitionsFor', () => {
  it.each([
    ['pending', ['approved', 'rejected']],
    ['approved', ['returned']],
    ['rejected', []],
    ['returned', []],
  ] as const)('offers %s → %j', (status, expected) => {
    expect(transitionsFor(status).map((t) => t.to)).toEqual(expected);
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
