import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { titleColumn } from '../../components/resource/list/columns';
import type { ResourceScreen } from '../../components/resource/types';
import { bibliographyApi } from './api';
import { type BibliographyFormValues, toBibliographyFormValues } from './model';
import type { Bibliography } from './schema';
import { BIBLIOGRAPHY_MIN_YEAR, bibliographyMaxYear } from './spec';

/** The Bibliography screen (/web/bibliography): catalogued editions, not necessarily on the shelf. */
export const bibliographyScreen: ResourceScreen<Bibliography, BibliographyFormValues> = {
  api: bibliographyApi,
  labels: { create: msg`New entry`, edit: msg`Edit entry`, delete: msg`Delete entry` },
  recordTitle: (b) => b.title,
  card: { fields: ['author', 'year', 'publisher'] },
  columns: [
    titleColumn((b) => b.notes, 2),
    { key: 'author', label: msg`Author`, sortField: 'author', width: 200, render: (b) => b.author },
    {
      key: 'publisher',
      label: msg`Publisher`,
      width: 180,
      priority: 3,
      render: (b) => <Text size="sm">{b.publisher || '—'}</Text>,
    },
    { key: 'year', label: msg`Year`, sortField: 'year', align: 'right', width: 80, render: (b) => b.year ?? '—' },
    {
      key: 'isbn',
      label: msg`ISBN`,
      width: 150,
      priority: 3,
      render: (b) => (
        <Text size="sm" ff="monospace">
          {b.isbn || '—'}
        </Text>
      ),
    },
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () =>
      import('./schema').then((m) => ({
        create: m.bibliographyCreateSchema,
        update: m.bibliographyUpdateSchema,
      })),
    toValues: toBibliographyFormValues,
    fields: [
      { name: 'title', label: msg`Title`, kind: 'text', required: true, span: 2 },
      { name: 'author', label: msg`Author`, kind: 'text', required: true },
      { name: 'publisher', label: msg`Publisher`, kind: 'text' },
      { name: 'year', label: msg`Year`, kind: 'number', min: BIBLIOGRAPHY_MIN_YEAR, max: bibliographyMaxYear() },
      { name: 'isbn', label: msg`ISBN`, kind: 'text', placeholder: msg`ISBN-10 or ISBN-13` },
      { name: 'notes', label: msg`Notes`, kind: 'textarea' },
    ],
  },
};
