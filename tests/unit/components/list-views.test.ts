import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '../../../src/components/resource/types';
import { columnsOf } from '../../../src/components/resource/views/use-list-views';
import { DEFAULT_LAYOUT, viewSearchOf } from '../../../src/components/resource/views/views-store';

type Row = { title: string };
const col = (key: string, width?: number): ColumnDef<Row> => ({
  key,
  label: msg`Title`,
  render: (r) => r.title,
  width,
});
const all = [col('cover', 56), col('title'), col('author'), col('stock', 90)];

describe('a view’s layout over a list’s columns', () => {
  it('keeps the list’s own columns without a choice', () => {
    expect(columnsOf(all, DEFAULT_LAYOUT)).toEqual(all);
  });

  it('shows the chosen columns in the chosen order, with the chosen widths', () => {
    const shown = columnsOf(all, { columns: ['stock', 'title'], widths: { title: 300 }, density: 'compact' });
    expect(shown.map((c) => [c.key, c.width])).toEqual([
      ['stock', 90],
      ['title', 300],
    ]);
  });

  it('skips keys the list no longer has, and never shows an empty table', () => {
    expect(columnsOf(all, { ...DEFAULT_LAYOUT, columns: ['gone', 'author'] }).map((c) => c.key)).toEqual(['author']);
    expect(columnsOf(all, { ...DEFAULT_LAYOUT, columns: ['gone'] }).map((c) => c.key)).toEqual(all.map((c) => c.key));
  });
});

describe('what a view keeps of the URL search', () => {
  it('drops the page number and absent filters', () => {
    expect(viewSearchOf({ pageNum: 4, pageSize: 20, keyword: 'dune', status: undefined, sort: 'stock' })).toEqual({
      pageSize: 20,
      keyword: 'dune',
      sort: 'stock',
    });
  });
});
