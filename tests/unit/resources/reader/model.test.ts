import { describe, expect, it } from 'vitest';
import { readerSearchSchema, toReaderFormValues } from '../../../../src/resources/reader/model';
import { type Reader, readerCreateSchema, readerUpdateSchema } from '../../../../src/resources/reader/schema';

const reader: Reader = {
  id: 9,
  version: 0,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  nickName: 'Zed',
  phone: '13811112222',
  email: null,
  gender: null,
  status: 'active',
  avatarUrl: null,
};

describe('toReaderFormValues', () => {
  it('round-trips a reader through the update schema, empty optionals left out', () => {
    const body = readerUpdateSchema.parse({ ...toReaderFormValues(reader), id: 9, version: 0 });
    expect(body).toEqual({ nickName: 'Zed', phone: '13811112222', status: 'active', id: 9, version: 0 });
  });

  it('starts a new reader active and needs a nickname and phone', () => {
    expect(toReaderFormValues().status).toBe('active');
    expect(readerCreateSchema.safeParse(toReaderFormValues()).success).toBe(false);
  });
});

describe('readerSearchSchema', () => {
  it('keeps status and gender filters', () => {
    expect(readerSearchSchema.read({ status: 'disabled', gender: 'male' })).toMatchObject({
      status: 'disabled',
      gender: 'male',
    });
    expect(readerSearchSchema.read({ gender: 'x' }).gender).toBeUndefined();
  });
});
