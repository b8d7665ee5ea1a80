import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ColumnDef } from '../../../../src/components/resource/types';
import { activateLocale } from '../../../../src/lib/i18n';
import { bibliographyScreen } from '../../../../src/resources/bibliography/resource';
import type { Bibliography } from '../../../../src/resources/bibliography/schema';

/** An entry with only what the form requires: every optional field unset, as the API sends it. */
const bare: Bibliography = {
  id: 7,
  version: 0,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  title: 'Collected letters',
  author: 'A. Writer',
  publisher: null,
  year: null,
  isbn: null,
  notes: null,
};

const text = (col: ColumnDef<Bibliography>, row: Bibliography) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MantineProvider>{col.render(row, i18n) as ReactNode}</MantineProvider>
    </I18nProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();

beforeAll(() => activateLocale('en'));

describe('the Bibliography list', () => {
  it('shows a dash, never a blank cell, for each field an entry leaves empty', () => {
    const blanks = bibliographyScreen.columns.filter((c) => text(c, bare) === '').map((c) => c.key);
    expect(blanks).toEqual([]);
    for (const key of ['publisher', 'year', 'isbn']) {
      const col = bibliographyScreen.columns.find((c) => c.key === key);
      if (!col) throw new Error(`no ${key} column`);
      expect(text(col, bare)).toBe('—');
      // Text the API might still send empty (an older record) reads the same as none.
      if (key !== 'year') expect(text(col, { ...bare, [key]: '' })).toBe('—');
    }
  });
});
