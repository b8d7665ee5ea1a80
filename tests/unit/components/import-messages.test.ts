import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { fileErrorMessage, rowErrorMessage } from '../../../src/components/resource/import-export/import-messages';
import type { ImportFileCode, ImportRowCode } from '../../../src/contract/import';
import { messages as es } from '../../../src/locales/es/messages.po';
import { messages as zh } from '../../../src/locales/zh/messages.po';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

/** The server's English for each code (server/crud/import-csv.ts, import-rows.ts): never what the user should see. A row
 * the form's rules refuse carries the field code as `params.reason` (with that code's parameters). */
const ROWS: [ImportRowCode, string, Record<string, string | number>][] = [
  ['invalid', 'must be an ISBN-10 or ISBN-13 with a valid check digit', { reason: 'isbn' }],
  ['invalid', 'at most 200 characters', { reason: 'max_length', max: 200 }],
  ['duplicate_in_file', '"9780306406157" is also in row 2', { value: '9780306406157', row: 2 }],
  ['duplicate', 'A book with ISBN 9780306406157 already exists', { value: '9780306406157' }],
  ['not_found', 'no category "Poesía"', { value: 'Poesía' }],
  ['wrong_parent', 'belongs to another category', { value: '3' }],
  ['cell_count', 'has 2 cells; the header has 8', { cells: 2, columns: 8 }],
];
const FILES: [ImportFileCode, Record<string, string | number>][] = [
  ['required', {}],
  ['utf16', {}],
  ['not_utf8', {}],
  ['empty', {}],
  ['malformed', { line: 7 }],
  ['too_many_rows', { max: 10000 }],
  ['unknown_column', { column: 'colour' }],
  ['duplicate_column', { column: 'title' }],
  ['missing_column', { column: 'categoryId / categoryName' }],
];

describe('import problems in the user language', () => {
  it.each(ROWS)('row code %s is said from its code and params, not the server English', (code, message, params) => {
    i18n.loadAndActivate({ locale: 'es', messages: es });
    const said = rowErrorMessage({ row: 2, field: 'isbn', code, message, params });
    expect(said).not.toBe(message);
    for (const [k, v] of Object.entries(params)) if (k !== 'reason') expect(said).toContain(String(v));
  });

  it('a contract message reads as the form shows it', () => {
    i18n.loadAndActivate({ locale: 'zh', messages: zh });
    const [, message] = ROWS[0] as (typeof ROWS)[number];
    const params = { reason: 'isbn' };
    expect(rowErrorMessage({ row: 2, field: 'isbn', code: 'invalid', message, params })).toMatch(/ISBN/);
    expect(rowErrorMessage({ row: 2, field: 'isbn', code: 'invalid', message, params })).not.toBe(message);
    // Without a code (an older server) the server's own text is shown rather than nothing.
    expect(rowErrorMessage({ row: 2, field: 'isbn', code: 'invalid', message })).toBe(message);
  });

  it.each(FILES)('file code %s is said in the user language with its params', (code, params) => {
    i18n.loadAndActivate({ locale: 'zh', messages: zh });
    const english = 'server English';
    const said = fileErrorMessage({ path: 'file', message: english, code, params });
    expect(said).not.toBe(english);
    for (const v of Object.values(params)) expect(said).toContain(String(v));
  });
});
