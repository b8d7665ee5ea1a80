import { describe, expect, it } from 'vitest';
import { formValuesFrom } from '../../../src/components/resource/form/form-values';

type Values = { title: string; stock: number; categoryId: number | null };
const toValues = formValuesFrom<Values>({ title: '', stock: 0, categoryId: null });

describe('formValuesFrom', () => {
  it('gives the empty values for a new record', () => {
    expect(toValues()).toEqual({ title: '', stock: 0, categoryId: null });
  });

  it("takes the record's values and only the form's fields", () => {
    const record = { id: 7, version: 2, title: 'Dune', stock: 3, categoryId: 5 };
    expect(toValues(record)).toEqual({ title: 'Dune', stock: 3, categoryId: 5 });
  });

  it('shows null as the empty value, but keeps falsy values that are set', () => {
    expect(toValues({ title: null, stock: 0, categoryId: null })).toEqual({ title: '', stock: 0, categoryId: null });
  });

  it('returns a new object each call', () => {
    expect(toValues()).not.toBe(toValues());
  });
});
