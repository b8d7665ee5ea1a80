import { msg } from '@lingui/core/macro';
import { formValuesFrom } from '../../components/resource/form-values';
import { screenFilterNames, searchSchemaOf } from '../../components/resource/spec-search';
import type { Option } from '../../components/resource/types';
import type { BookStatus } from './schema';
import { bookSpec } from './spec';

export const BOOK_STATUS_OPTIONS: Option<BookStatus>[] = [
  { value: 'on_shelf', label: msg`On shelf`, color: 'green' },
  { value: 'off_shelf', label: msg`Off shelf`, color: 'gray' },
];

export const BOOK_FILTERS = screenFilterNames(bookSpec.filters);

/** /web/book?pageNum&pageSize&keyword&sort&order&categoryId&subclassId&status */
export const bookSearchSchema = searchSchemaOf(bookSpec);
export type BookSearch = ReturnType<typeof bookSearchSchema>;

/** What the form edits: inputs hold '' and null for "empty"; the contract schema maps them. */
export type BookFormValues = {
  title: string;
  author: string;
  isbn: string;
  publisher: string;
  publishDate: string;
  categoryId: number | null;
  subclassId: number | null;
  coverUrl: string;
  summary: string;
  stock: number | string;
  status: BookStatus;
};

export const toBookFormValues = formValuesFrom<BookFormValues>({
  title: '',
  author: '',
  isbn: '',
  publisher: '',
  publishDate: '',
  categoryId: null,
  subclassId: null,
  coverUrl: '',
  summary: '',
  stock: 0,
  status: 'on_shelf',
});
