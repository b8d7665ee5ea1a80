import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  boolFilter,
  dayFilter,
  enumFilter,
  idFilter,
  LIST_DEFAULTS,
  lastPage,
  listSearchSchema,
  nextSort,
  textFilter,
  toPageBody,
  withFirstPage,
} from '../../../src/components/resource/list/list-search';

const schema = listSearchSchema(['title', 'stock'], {
  categoryId: idFilter,
  status: enumFilter(['on_shelf', 'off_shelf']),
});

describe('listSearchSchema', () => {
  it.each([
    ['an empty URL', {}, { pageNum: 1, pageSize: 10 }],
    ['numbers as strings', { pageNum: '3', pageSize: '50' }, { pageNum: 3, pageSize: 50 }],
    ['a page size outside the choices', { pageSize: 37 }, { pageNum: 1, pageSize: 10 }],
    ['a page size over the limit', { pageSize: 1000 }, { pageNum: 1, pageSize: 10 }],
    ['a page below 1', { pageNum: 0 }, { pageNum: 1, pageSize: 10 }],
    ['a page that is not a number', { pageNum: 'x' }, { pageNum: 1, pageSize: 10 }],
    ['an unknown sort field', { sort: 'password', order: 'desc' }, { pageNum: 1, pageSize: 10, order: 'desc' }],
    ['a bad order', { sort: 'title', order: 'up' }, { pageNum: 1, pageSize: 10, sort: 'title' }],
    ['a keyword with spaces', { keyword: '  tolkien ' }, { pageNum: 1, pageSize: 10, keyword: 'tolkien' }],
    [
      'filters',
      { categoryId: '4', status: 'on_shelf' },
      { pageNum: 1, pageSize: 10, categoryId: 4, status: 'on_shelf' },
    ],
    ['bad filters', { categoryId: '-4', status: 'lost' }, { pageNum: 1, pageSize: 10 }],
  ])('reads %s', (_, input, expected) => {
    expect(schema.read(input)).toEqual(expected);
  });

  it('reads the text and day filters', () => {
    const audit = listSearchSchema([], { resource: textFilter(5), from: dayFilter, yes: boolFilter });
    expect(audit.read({ resource: ' book ', from: '2026-11-21', yes: 'false' })).toEqual({
      pageNum: 1,
      pageSize: 10,
      resource: 'book',
      from: '2026-11-21',
      yes: false,
    });
    expect(audit.read({ resource: 'toolong', from: '21.11.2026', yes: 'maybe' })).toEqual({
      pageNum: 1,
      pageSize: 10,
    });
  });

  it('never fails, whatever the URL holds', () => {
    expect(schema.read({ pageNum: {}, pageSize: [], keyword: 'x'.repeat(500), categoryId: 'abc' })).toEqual({
      pageNum: 1,
      pageSize: 10,
    });
    expect(schema.read({ categoryId: 1.5, status: 7, sort: ['title'], order: 'ASC' })).toEqual({
      pageNum: 1,
      pageSize: 10,
    });
  });
});

describe('nextSort', () => {
  it.each([
    [{}, 'title', { sort: 'title', order: 'asc' }],
    [{ sort: 'title', order: 'asc' }, 'title', { sort: 'title', order: 'desc' }],
    [{ sort: 'title', order: 'desc' }, 'title', { sort: undefined, order: undefined }],
    [{ sort: 'title', order: 'desc' }, 'stock', { sort: 'stock', order: 'asc' }],
    [{ sort: 'title' }, 'title', { sort: 'title', order: 'desc' }],
  ] as const)('from %j, a click on %s gives %j', (current, field, expected) => {
    expect(nextSort(current, field)).toEqual(expected);
  });

  it('cycles back to unsorted after three clicks', () => {
    let state = nextSort({}, 'title');
    state = nextSort(state, 'title');
    expect(nextSort(state, 'title')).toEqual({ sort: undefined, order: undefined });
  });
});

describe('ariaSort', () => {
  it.each([
    [{ sort: 'title', order: 'asc' }, 'title', 'ascending'],
    [{ sort: 'title', order: 'desc' }, 'title', 'descending'],
    [{ sort: 'title', order: 'asc' }, 'stock', 'none'],
    [{}, 'title', 'none'],
  ] as const)('%j on %s is %s', (current, field, expected) => {
    expect(ariaSort(current, field)).toBe(expected);
  });
});

describe('toPageBody', () => {
  it('sends only paging keys and the resource filters, without empty values', () => {
    const body = toPageBody(
      { pageNum: 2, pageSize: 20, keyword: ' ', categoryId: 3, status: undefined, redirect: '/x' },
      ['categoryId', 'status'],
    );
    expect(body).toEqual({ pageNum: 2, pageSize: 20, categoryId: 3 });
  });

  it('always pairs a sort with an order', () => {
    expect(toPageBody({ pageNum: 1, pageSize: 10, sort: 'title' }, [])).toEqual({
      pageNum: 1,
      pageSize: 10,
      sort: 'title',
      order: 'asc',
    });
  });

  it('drops an order without a sort', () => {
    expect(toPageBody({ order: 'desc' }, [])).toEqual(LIST_DEFAULTS);
  });
});

describe('withFirstPage', () => {
  it('goes back to page 1 when what matches changes', () => {
    expect(withFirstPage({ keyword: 'a' })).toEqual({ keyword: 'a', pageNum: 1 });
  });
});

describe('lastPage', () => {
  it.each([
    [0, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 20, 5],
  ])('%i rows at %i a page end on page %i', (total, size, expected) => {
    expect(lastPage(total, size)).toBe(expected);
  });
});
