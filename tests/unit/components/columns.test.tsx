import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/components/format';
import {
  badgeColumn,
  nameColumn,
  sortColumn,
  timeColumn,
  updatedColumn,
} from '../../../src/components/resource/list/columns';
import type { ColumnDef, Option } from '../../../src/components/resource/types';
import { activateLocale } from '../../../src/lib/i18n';

type Row = {
  title: string;
  sort: number;
  status: 'draft' | 'published';
  updatedAt: string;
  publishedAt: string | null;
};
const row: Row = {
  title: 'Spring reading list',
  sort: 3,
  status: 'published',
  updatedAt: '2026-03-04T05:06:07.000Z',
  publishedAt: null,
};
const cell = <T,>(col: ColumnDef<T>, r: T) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MantineProvider>{col.render(r, i18n) as ReactNode}</MantineProvider>
    </I18nProvider>,
  );
// Mantine's provider writes its style tags too; only the cell's own text matters here.
const text = (markup: string) =>
  markup
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();

beforeAll(() => activateLocale('en'));

describe('shared column blocks', () => {
  it('a time column sorts by its field and shows it in the locale, or a dash when unset', () => {
    const updated = updatedColumn<Row>();
    expect(updated).toMatchObject({ key: 'updatedAt', sortField: 'updatedAt', width: 170 });
    expect(text(cell(updated, row))).toBe(formatDateTime(row.updatedAt, 'en'));
    expect(text(cell(timeColumn<Row, 'publishedAt'>('publishedAt', msg`Publish date`), row))).toBe('—');
  });

  it('the sort column is right-aligned and sorts by sort', () => {
    const col = sortColumn<Row>();
    expect(col).toMatchObject({ key: 'sort', sortField: 'sort', align: 'right', width: 80 });
    expect(col.render(row, i18n)).toBe(3);
  });

  it("a badge column shows the value's translated label", () => {
    const options: Option<Row['status']>[] = [
      { value: 'draft', label: msg`Draft`, color: 'gray' },
      { value: 'published', label: msg`Published`, color: 'green' },
    ];
    const col = badgeColumn<Row['status'], Row, 'status'>('status', msg`Status`, options, 120);
    expect(col).toMatchObject({ key: 'status', sortField: 'status', width: 120 });
    expect(text(cell(col, row))).toBe('Published');
  });

  it('a name column is bold and clamps only when asked', () => {
    const clamped = cell(nameColumn<Row, 'title'>('title', msg`Title`, { lines: 2 }), row);
    expect(text(clamped)).toBe(row.title);
    expect(clamped).toContain('line-clamp');
    expect(cell(nameColumn<Row, 'title'>('title', msg`Title`), row)).not.toContain('line-clamp');
  });
});
