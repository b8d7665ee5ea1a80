import { describe, expect, it } from 'vitest';
import { subclassSearchSchema, toSubclassFormValues } from '../../../../src/resources/subclass/model';

describe('toSubclassFormValues', () => {
  it('starts a new subclass in the filtered category', () => {
    expect(toSubclassFormValues(undefined, 5)).toEqual({ categoryId: 5, name: '', sort: 0 });
  });

  it('keeps an edited subclass in its own category', () => {
    const s = { id: 1, version: 0, createdAt: '', updatedAt: '', categoryId: 2, name: 'Ridge', sort: 1 };
    expect(toSubclassFormValues(s, 5)).toMatchObject({ categoryId: 2 });
  });
});

describe('subclassSearchSchema', () => {
  it('reads the category filter and ignores a bad one', () => {
    expect(subclassSearchSchema.read({ categoryId: '3' }).categoryId).toBe(3);
    expect(subclassSearchSchema.read({ categoryId: 'x' }).categoryId).toBeUndefined();
  });
});
