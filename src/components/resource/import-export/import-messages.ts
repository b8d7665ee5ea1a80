import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ImportFileError, ImportRowError } from '../../../contract/import';
import { IMPORT_MAX_ROWS } from '../../../contract/import';
import { fieldMessage } from '../../../lib/field-messages';

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A row error of an import report in the user's language, from its code and params. */
export function rowErrorMessage(e: ImportRowError): string {
  const value = str(e.params?.value);
  switch (e.code) {
    case 'invalid': {
      const { reason, ...params } = e.params ?? {};
      return fieldMessage(typeof reason === 'string' ? { code: reason, params } : undefined, e.message);
    }
    case 'duplicate_in_file': {
      const row = str(e.params?.row);
      return i18n._(msg`“${value}” is also in row ${row}`);
    }
    case 'duplicate':
      return i18n._(msg`“${value}” is already in use`);
    case 'not_found':
      return i18n._(msg`Not found: “${value}”`);
    case 'wrong_parent':
      return i18n._(msg`Subclass “${value}” belongs to another category`);
    case 'cell_count': {
      const cells = str(e.params?.cells);
      const columns = str(e.params?.columns);
      return i18n._(msg`This row has ${cells} cells; the header has ${columns}`);
    }
    default:
      return e.message;
  }
}

/** A problem with the whole file (400 naming `file`) in the user's language. */
export function fileErrorMessage(e: ImportFileError): string {
  const column = str(e.params?.column);
  switch (e.code) {
    case 'required':
      return i18n._(msg`Choose a CSV file`);
    case 'utf16':
      return i18n._(msg`The file is UTF-16 text. Save it as “CSV UTF-8” and try again.`);
    case 'not_utf8':
      return i18n._(msg`The file is not UTF-8 text. Save it as “CSV UTF-8” and try again.`);
    case 'empty':
      return i18n._(msg`The file has no data rows: a header row, then one row per record.`);
    case 'malformed': {
      const line = str(e.params?.line);
      return i18n._(msg`The file is not valid CSV (near line ${line}).`);
    }
    case 'too_many_rows': {
      const max = IMPORT_MAX_ROWS;
      return i18n._(msg`The file has more than ${max} rows. Split it into several files.`);
    }
    case 'unknown_column':
      return i18n._(msg`Unknown column “${column}”. Use the columns of an export.`);
    case 'duplicate_column':
      return i18n._(msg`The column “${column}” appears twice.`);
    case 'missing_column':
      return i18n._(msg`The column “${column}” is missing.`);
    default:
      return e.message;
  }
}
