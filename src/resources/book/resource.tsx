import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { CategoryName, SubclassName } from '../../components/pickers/record-names';
import { SubclassSelect } from '../../components/pickers/subclass-select';
import { badgeColumn, nameColumn, updatedColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import { categoryFilter, subclassFilter } from '../../components/resource/list/ref-filters';
import type { ResourceScreen } from '../../components/resource/types';
import { bookApi } from './api';
import { BookCategory } from './components/book-category';
import { BookCategoryField } from './components/book-category-field';
import { BookCover } from './components/book-cover';
import { BooksEmptyHint } from './components/books-empty-hint';
import { BOOK_STATUS_OPTIONS, type BookFormValues, toBookFormValues } from './model';
import type { Book } from './schema';
import { bookSpec } from './spec';

/** The Books screen (/web/book), described for the shared resource components. */
export const bookScreen: ResourceScreen<Book, BookFormValues> = {
  api: bookApi,
  labels: { create: msg`New book`, edit: msg`Edit book`, delete: msg`Delete book` },
  recordTitle: (b) => b.title,
  recordPath: (b) => `/web/book/${b.id}`,
  card: { media: 'cover', fields: ['author', 'category', 'stock'], status: 'status' },
  empty: <BooksEmptyHint />,
  deleteMode: 'confirm',
  importable: true,
  batch: {
    fields: [
      { name: 'status', label: msg`Status`, options: BOOK_STATUS_OPTIONS },
      categoryFilter({ in: 'batch' }, ['subclassId']),
      subclassFilter({ in: 'batch' }),
    ],
  },
  columns: [
    {
      key: 'cover',
      label: msg`Cover`,
      hideLabel: true,
      width: 56,
      priority: 3,
      render: (b) => <BookCover url={b.coverUrl} />,
    },
    nameColumn('title', msg`Title`, { lines: 2, to: (b) => `/web/book/${b.id}` }),
    { key: 'author', label: msg`Author`, sortField: 'author', render: (b) => b.author },
    {
      key: 'isbn',
      label: msg`ISBN`,
      sortField: 'isbn',
      priority: 3,
      render: (b) => (
        <Text size="sm" ff="monospace">
          {b.isbn ?? ''}
        </Text>
      ),
    },
    { key: 'category', label: msg`Category / subclass`, render: (b) => <BookCategory book={b} /> },
    {
      key: 'stock',
      label: msg`Stock`,
      sortField: 'stock',
      align: 'right',
      width: 90,
      priority: 1,
      render: (b) => b.stock,
    },
    badgeColumn('status', msg`Status`, BOOK_STATUS_OPTIONS),
    updatedColumn(),
  ],
  filters: [
    categoryFilter({ in: 'toolbar' }, ['subclassId']),
    subclassFilter({ in: 'toolbar' }),
    { name: 'status', label: msg`Status`, options: BOOK_STATUS_OPTIONS },
    rangeFilter('stock', bookSpec.filters.stock, msg`Stock`),
    rangeFilter('created', bookSpec.filters.created, msg`Created`),
    rangeFilter('updated', bookSpec.filters.updated, msg`Updated`),
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () => import('./schema').then((m) => ({ create: m.bookCreateSchema, update: m.bookUpdateSchema })),
    toValues: toBookFormValues,
    fields: [
      { name: 'title', label: msg`Title`, kind: 'text', required: true },
      { name: 'author', label: msg`Author`, kind: 'text', required: true },
      { name: 'isbn', label: msg`ISBN`, kind: 'text', placeholder: msg`ISBN-10 or ISBN-13` },
      { name: 'publisher', label: msg`Publisher`, kind: 'text' },
      {
        name: 'categoryId',
        label: msg`Category`,
        kind: 'custom',
        required: true,
        clears: ['subclassId'],
        render: ({ inputProps }) => <BookCategoryField {...inputProps} />,
        renderValue: (id) => <CategoryName id={id} />,
      },
      {
        name: 'subclassId',
        label: msg`Subclass`,
        kind: 'custom',
        render: ({ inputProps, values }) => <SubclassSelect {...inputProps} categoryId={values.categoryId} clearable />,
        renderValue: (id) => <SubclassName id={id} />,
      },
      { name: 'publishDate', label: msg`Publish date`, kind: 'date' },
      { name: 'stock', label: msg`Stock`, kind: 'number', required: true, min: 0 },
      { name: 'status', label: msg`Status`, kind: 'select', required: true, options: BOOK_STATUS_OPTIONS },
      { name: 'coverUrl', label: msg`Cover URL`, kind: 'image', placeholder: msg`https://…` },
      { name: 'summary', label: msg`Summary`, kind: 'textarea' },
    ],
  },
};
