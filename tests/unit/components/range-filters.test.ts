import { afterEach, describe, expect, it } from 'vitest';
import { dayInstant, toPageBody } from '../../../src/components/resource/list/list-search';
import { screenFilterNames } from '../../../src/components/resource/list/spec-search';
import { REPORT_INPUT, reasonOf } from '../../../src/contract/field-codes';
import { auditSearchSchema } from '../../../src/resources/audit/model';
import { auditPageSchema } from '../../../src/resources/audit/schema';
import { bookSearchSchema } from '../../../src/resources/book/model';
import { bookPageSchema } from '../../../src/resources/book/schema';
import { bookSpec } from '../../../src/resources/book/spec';

// What the book list sends: resourceApiOf derives its filter names from the spec this way.
const BOOK_FILTERS = screenFilterNames(bookSpec.filters);
const base = { pageNum: 1, pageSize: 10 };
const zone = process.env.TZ;
afterEach(() => {
  // Node reads TZ again whenever it is assigned.
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('range filters in the URL', () => {
  it.each([
    ['both bounds', { stockMin: '2', stockMax: '10' }, { stockMin: 2, stockMax: 10 }],
    ['one bound', { stockMax: '0' }, { stockMax: 0 }],
    ['equal bounds', { stockMin: '3', stockMax: '3' }, { stockMin: 3, stockMax: 3 }],
    ['negative whole numbers, not decimals', { stockMin: '-1', stockMax: '1.5' }, { stockMin: -1 }],
    ['a bound that is not a number', { stockMin: 'lots', stockMax: '' }, {}],
    ['an upper bound below the lower one: the lower one stays', { stockMin: '9', stockMax: '2' }, { stockMin: 9 }],
    [
      'days',
      { createdFrom: '2026-05-01', createdTo: '2026-05-03' },
      { createdFrom: '2026-05-01', createdTo: '2026-05-03' },
    ],
    [
      'a one-day range',
      { updatedFrom: '2026-05-03', updatedTo: '2026-05-03' },
      { updatedFrom: '2026-05-03', updatedTo: '2026-05-03' },
    ],
    ['a day that does not exist, and an instant', { createdFrom: '2026-02-30', createdTo: '2026-05-03T10:00:00Z' }, {}],
    [
      'an end day before the start day',
      { createdFrom: '2026-05-03', createdTo: '2026-05-02' },
      { createdFrom: '2026-05-03' },
    ],
  ])('reads %s', (_, input, expected) => {
    expect(bookSearchSchema.read(input)).toEqual({ ...base, ...expected });
  });

  it('keeps the audit log its from/to parameters', () => {
    expect(auditSearchSchema.read({ from: '2026-05-01', to: '2026-04-30', action: 'update' })).toEqual({
      ...base,
      action: 'update',
      from: '2026-05-01',
    });
  });

  it('lists both parameters of each range as the screen filters, dates marked as days', () => {
    expect([...screenFilterNames(bookSpec.filters)]).toEqual([
      'categoryId',
      'subclassId',
      'status',
      'stockMin',
      'stockMax',
      'createdFrom',
      'createdTo',
      'updatedFrom',
      'updatedTo',
    ]);
    expect(BOOK_FILTERS.dayBounds).toEqual({
      createdFrom: 'lower',
      createdTo: 'upper',
      updatedFrom: 'lower',
      updatedTo: 'upper',
    });
  });
});

describe('the page body of a range', () => {
  it('sends days as instants of the user’s time zone, the last day whole', () => {
    process.env.TZ = 'Asia/Shanghai';
    const body = toPageBody(
      { ...base, stockMin: 1, stockMax: 4, createdFrom: '2026-05-03', createdTo: '2026-05-03' },
      BOOK_FILTERS,
    );
    expect(body).toEqual({
      ...base,
      stockMin: 1,
      stockMax: 4,
      createdFrom: '2026-05-02T16:00:00.000Z',
      createdTo: '2026-05-03T15:59:59.999Z',
    });
    expect(bookPageSchema.safeParse(body).success).toBe(true);
  });

  it('counts a daylight-saving day as the 23 hours it has', () => {
    process.env.TZ = 'America/New_York';
    expect(dayInstant('2026-03-08', 'lower')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayInstant('2026-03-08', 'upper')).toBe('2026-03-09T03:59:59.999Z');
  });

  it('leaves a list without day bounds as it was', () => {
    expect(toPageBody({ ...base, from: '2026-05-03' }, ['from'])).toEqual({ ...base, from: '2026-05-03' });
  });
});

describe('the page schema of a range', () => {
  const reasons = (body: object, schema: typeof bookPageSchema | typeof auditPageSchema = bookPageSchema) => {
    const parsed = schema.safeParse({ ...base, ...body }, REPORT_INPUT);
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), reasonOf(i).code]);
  };

  it.each([
    [{ stockMin: 0, stockMax: 0 }],
    [{ stockMin: 5 }],
    [{ createdFrom: '2026-05-03', createdTo: '2026-05-03' }],
    [{ createdFrom: '2026-05-02T16:00:00.000Z', createdTo: '2026-05-03T15:59:59.999Z' }],
    // A bare day as the end takes in the whole day (UTC).
    [{ createdFrom: '2026-05-03T12:00:00Z', createdTo: '2026-05-03' }],
  ])('accepts %j', (body) => {
    expect(reasons(body)).toEqual([]);
  });

  it.each([
    [{ stockMin: 5, stockMax: 4 }, [['stockMax', 'range_order']]],
    [{ createdFrom: '2026-05-03', createdTo: '2026-05-02' }, [['createdTo', 'range_order']]],
    [{ updatedFrom: '2026-05-03T12:00:00Z', updatedTo: '2026-05-03T11:59:59Z' }, [['updatedTo', 'range_order']]],
    [{ stockMin: '5' }, [['stockMin', 'number']]],
    [{ stockMax: 2.5 }, [['stockMax', 'integer']]],
    [
      { createdTo: 'yesterday' },
      [
        ['createdTo', 'date'],
        ['createdTo', 'real_date'],
      ],
    ],
  ])('refuses %j', (body, expected) => {
    expect(reasons(body)).toEqual(expected);
  });

  it('checks the audit log’s range the same way', () => {
    expect(reasons({ from: '2026-05-03', to: '2026-05-01' }, auditPageSchema)).toEqual([['to', 'range_order']]);
  });
});
