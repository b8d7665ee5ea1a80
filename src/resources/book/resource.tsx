import { msg } from '@lingui/core/macro';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EnumBadge } from '../../components/enum-badge';
import { formatDateTime } from '../../components/format';
import { CategorySelect } from '../../components/pickers/category-select';
import { CategoryName, SubclassName } from '../../components/pickers/record-names';
import { SubclassSelect } from '../../components/pickers/subclass-select';
import { FILTER_WIDTH } from '../../components/resource/list-filters';
import type { ResourceDef } from '../../components/resource/types';
import { bookApi } from './api';
import { BookCategory } from './components/book-category';
import { BookCover } from './components/book-cover';
import { BOOK_STATUS_OPTIONS, type BookFormValues, toBookFormValues } from './model';
import type { Book } from './schema';

/** The Books screen (/web/book), described for the shared resource components. */
export const bookResource: ResourceDef<Book, BookFormValues> = {
  api: bookApi,
  labels: { create: msg`New book`, edit: msg`Edit book`, delete: msg`Delete book` },
  recordTitle: (b) => b.title,
  deleteMode: 'confirm',
  exportable: true,
  importable: true,
  batch: {
    fields: [
      { name: 'status', label: msg`Status`, options: BOOK_STATUS_OPTIONS },
      {
        name: 'categoryId',
        label: msg`Category`,
        clears: ['subclassId'],
        render: ({ value, onChange, label, testId }) => (
          <CategorySelect
            label={label}
            data-testid={testId}
            value={typeof value === 'number' ? value : null}
            onChange={(id) => onChange(id ?? undefined)}
            clearable
          />
        ),
      },
      {
        name: 'subclassId',
        label: msg`Subclass`,
        render: ({ value, values, onChange, label, testId }) => (
          <SubclassSelect
            label={label}
            data-testid={testId}
            categoryId={typeof values.categoryId === 'number' ? values.categoryId : null}
            value={typeof value === 'number' ? value : null}
            onChange={(id) => onChange(id ?? undefined)}
            clearable
          />
        ),
      },
    ],
  },
  columns: [
    { key: 'cover', label: msg`Cover`, hideLabel: true, width: 56, render: (b) => <BookCover url={b.coverUrl} /> },
    {
      key: 'title',
      label: msg`Title`,
      sortField: 'title',
      // The title opens the book's record page (its applications, stock and history).
      render: (b) => (
        <Anchor component={Link} to={`/web/book/${b.id}`} size="sm" fw={500} lineClamp={2}>
          {b.title}
        </Anchor>
      ),
    },
    { key: 'author', label: msg`Author`, sortField: 'author', render: (b) => b.author },
    {
      key: 'isbn',
      label: msg`ISBN`,
      sortField: 'isbn',
      render: (b) => (
        <Text size="sm" ff="monospace">
          {b.isbn ?? ''}
        </Text>
      ),
    },
    { key: 'category', label: msg`Category / subclass`, render: (b) => <BookCategory book={b} /> },
    { key: 'stock', label: msg`Stock`, sortField: 'stock', align: 'right', width: 90, render: (b) => b.stock },
    {
      key: 'status',
      label: msg`Status`,
      sortField: 'status',
      width: 110,
      render: (b) => <EnumBadge value={b.status} options={BOOK_STATUS_OPTIONS} />,
    },
    {
      key: 'updatedAt',
      label: msg`Updated`,
      sortField: 'updatedAt',
      width: 170,
      render: (b, i18n) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(b.updatedAt, i18n.locale)}
        </Text>
      ),
    },
  ],
  filters: [
    {
      name: 'categoryId',
      label: msg`Category`,
      clears: ['subclassId'],
      render: ({ value, onChange, label, ariaLabel, testId }) => (
        <CategorySelect
          aria-label={ariaLabel}
          placeholder={label}
          data-testid={testId}
          value={typeof value === 'number' ? value : null}
          onChange={(id) => onChange(id ?? undefined)}
          clearable
          w={{ base: '100%', sm: FILTER_WIDTH }}
        />
      ),
    },
    {
      name: 'subclassId',
      label: msg`Subclass`,
      render: ({ value, values, onChange, label, ariaLabel, testId }) => (
        <SubclassSelect
          aria-label={ariaLabel}
          placeholder={label}
          data-testid={testId}
          categoryId={typeof values.categoryId === 'number' ? values.categoryId : null}
          value={typeof value === 'number' ? value : null}
          onChange={(id) => onChange(id ?? undefined)}
          clearable
          w={{ base: '100%', sm: FILTER_WIDTH }}
        />
      ),
    },
    { name: 'status', label: msg`Status`, options: BOOK_STATUS_OPTIONS },
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
        render: ({ inputProps }) => <CategorySelect {...inputProps} />,
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
      { name: 'coverUrl', label: msg`Cover URL`, kind: 'url', placeholder: msg`https://…` },
      { name: 'summary', label: msg`Summary`, kind: 'textarea' },
    ],
  },
};
