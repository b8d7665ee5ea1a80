import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { parseCsv, peopleLabels, toPeopleCsv } from '../../../src/components/resource/import-export/csv-for-people';
import { labelSets, templateCsv, toImportCsv } from '../../../src/components/resource/import-export/import-labels';
import { messages as en } from '../../../src/locales/en/messages.po';
import { messages as es } from '../../../src/locales/es/messages.po';
import { messages as ja } from '../../../src/locales/ja/messages.po';
import { messages as zh } from '../../../src/locales/zh/messages.po';
import { bookScreen } from '../../../src/resources/book/resource';
import { readerScreen } from '../../../src/resources/reader/resource';

// The raw export of two books, as src/server/crud/csv.ts writes it.
const RAW =
  '\ufeffid,title,author,categoryId,categoryName,subclassId,subclassName,stock,status,createdAt,updatedAt\r\n' +
  '1,"Dune, Part One",Frank Herbert,3,Fiction,,,4,on_shelf,2026-11-01T08:00:00.000Z,2026-11-01T08:00:00.000Z\r\n' +
  '2,"Say ""hi""",Ann,3,Fiction,7,Space,0,off_shelf,2026-11-02T08:00:00.000Z,2026-11-02T08:00:00.000Z\r\n';

const CATALOGUES: Record<string, Messages> = { en, es, ja, zh };
const i18nIn = (locale: string) => setupI18n({ locale, messages: { [locale]: CATALOGUES[locale] as Messages } });

describe('an import of the export for people', () => {
  for (const locale of ['es', 'ja', 'zh', 'en']) {
    it(`reads the ${locale} headers and values back as field names and raw values`, async () => {
      const people = toPeopleCsv(RAW, peopleLabels(bookScreen, i18nIn(locale)));
      // What the member downloads does not read as the import's form…
      expect(parseCsv(people)[0]).not.toEqual(parseCsv(RAW)[0]);
      // …and whatever language the console speaks now, it is sent in that form.
      for (const current of ['en', 'es']) {
        const sent = toImportCsv(people, await labelSets(bookScreen, current));
        expect(sent).not.toBeNull();
        expect(parseCsv(sent as string)).toEqual(parseCsv(RAW));
      }
    });
  }

  it('sends a file already in field names and raw values as it is', async () => {
    expect(toImportCsv(RAW, await labelSets(bookScreen, 'es'))).toBeNull();
  });

  it('reads a sheet a person wrote in several languages, leaving what it does not know', async () => {
    const text =
      'Título,著者,Categoría,在庫数,Estado,Color\r\n' +
      'Uno,Ana,Ficción,2,公開中,rojo\r\n' +
      'Dos,Ben,Ficción,1,  fuera de catálogo ,azul\r\n' +
      'Tres,Eve,Ficción,1,off_shelf,verde\r\n' +
      'Cuatro,Max,Ficción,1,perdido,gris\r\n';
    const sent = toImportCsv(text, await labelSets(bookScreen, 'ja'));
    const [header, ...records] = parseCsv(sent ?? '');
    // "Color" is no field: it stays, for the server to name as an unknown column; so does "perdido".
    expect(header).toEqual(['title', 'author', 'categoryName', 'stock', 'status', 'Color']);
    expect(records.map((r) => r[4])).toEqual(['on_shelf', 'off_shelf', 'off_shelf', 'perdido']);
    expect(records.map((r) => r[5])).toEqual(['rojo', 'azul', 'verde', 'gris']);
  });
});

describe('the import template', () => {
  // The columns the server's importers read (resources/*/server/bulk.ts; the e2e test sends the
  // template to the real server): the form's fields, a reference by its name.
  for (const [name, screen, columns] of [
    [
      'books',
      bookScreen,
      'title,author,isbn,publisher,categoryName,subclassName,publishDate,stock,status,coverUrl,summary',
    ],
    ['readers', readerScreen, 'nickName,phone,email,gender,status,avatarUrl'],
  ] as const) {
    it(`has the columns the ${name} import reads, and an example row`, () => {
      const [header = [], example = [], ...rest] = parseCsv(templateCsv(screen));
      expect(header.join(',')).toBe(columns);
      expect(example).toHaveLength(header.length);
      expect(rest).toEqual([]);
    });
  }

  it('names a reference by its name and shows the form of a list value, a date and a number', () => {
    const [header = [], example = []] = parseCsv(templateCsv(bookScreen));
    const cell = (column: string) => example[header.indexOf(column)];
    expect(header).toContain('categoryName');
    expect(header).not.toContain('categoryId');
    expect(cell('status')).toBe('on_shelf');
    expect(cell('publishDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cell('stock')).toBe('0');
    expect(cell('title')).toBe('');
  });
});
