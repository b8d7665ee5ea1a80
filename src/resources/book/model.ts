import { msg } from '@lingui/core/macro';
import { formValuesFrom } from '../../components/resource/form/form-values';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { BookStatus } from './schema';
import { bookSpec } from './spec';

export const BOOK_STATUS_OPTIONS: Option<BookStatus>[] = [
  { value: 'on_shelf', label: msg`On shelf`, color: 'green' },
  { value: 'off_shelf', label: msg`Off shelf`, color: 'gray' },
];

/** /web/book?pageNum&pageSize&keyword&sort&order&categoryId&subclassId&status */
export const bookSearchSchema = searchSchemaOf(bookSpec);

/** What the form edits: inputs hold '' and null for "empty"; the contract schema maps them. */
export const toBookFormValues = formValuesFrom({
  title: '',
  author: '',
  isbn: '',
  publisher: '',
  publishDate: '',
  categoryId: null as number | null,
  subclassId: null as number | null,
  coverUrl: '',
  summary: '',
  stock: 0 as number | string,
  status: 'on_shelf' as BookStatus,
});
export type BookFormValues = ReturnType<typeof toBookFormValues>;
