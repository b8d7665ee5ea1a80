import { describe, expect, it } from 'vitest';
import type { RecordMeta } from '../../../src/contract/common';
import { columnMap } from '../../../src/server/crud/columns';
import type { Db } from '../../../src/server/crud/types';

type Item = RecordMeta & { title: string; coverUrl: string | null; onSale: boolean; ownerName: string | null };
interface ItemRow {
  id: number;
  title: string;
  cover_url: string | null;
  on_sale: number;
  owner_name: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

// Only its row type matters here: toApi and toColumns never run the query.
const select = (_db: Db) => ({ executeTakeFirstOrThrow: (): Promise<ItemRow> => Promise.reject(new Error('not run')) });

const columns = columnMap<Item>()(select, ['title', 'coverUrl', 'onSale', 'ownerName'], {
  onSale: { column: 'on_sale', read: Boolean, write: (v) => (v ? 1 : 0) },
  ownerName: { column: 'owner_name', write: false },
});

const row: ItemRow = {
  id: 7,
  title: 'T',
  cover_url: null,
  on_sale: 1,
  owner_name: 'Ann',
  version: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('columnMap', () => {
  it('reads a record from a row: id, the fields in their order, then version and times', () => {
    const out = columns.toApi(row);
    expect(out).toEqual({
      id: 7,
      title: 'T',
      coverUrl: null,
      onSale: true,
      ownerName: 'Ann',
      version: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    // CSV exports take their columns from the record's key order.
    expect(Object.keys(out)).toEqual([
      'id',
      'title',
      'coverUrl',
      'onSale',
      'ownerName',
      'version',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('writes snake-case columns, converted values, NULL for a missing optional, never a read-only field', () => {
    expect(columns.toColumns({ title: 'T', onSale: false, ownerName: 'x', extra: 1 })).toEqual({
      title: 'T',
      cover_url: null,
      on_sale: 0,
    });
  });

  it('refuses at compile time a missing field, a column of another type and an unconverted field', () => {
    // @ts-expect-error ownerName is not listed
    columnMap<Item>()(select, ['title', 'coverUrl', 'onSale'], { onSale: { column: 'on_sale', read: Boolean } });
    // @ts-expect-error on_sale holds a number, onSale is a boolean: it needs a conversion
    columnMap<Item>()(select, ['title', 'coverUrl', 'onSale', 'ownerName']);
    columnMap<Item>()(select, ['title', 'coverUrl', 'onSale', 'ownerName'], {
      onSale: { column: 'on_sale', read: Boolean },
      // @ts-expect-error title is text, not the number of on_sale
      title: { column: 'on_sale', write: false },
    });
  });
});
