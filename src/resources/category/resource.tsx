import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { nameColumn, sortColumn, updatedColumn } from '../../components/resource/list/columns';
import type { ResourceScreen } from '../../components/resource/types';
import { categoryApi } from './api';
import { type CategoryFormValues, toCategoryFormValues } from './model';
import type { Category } from './schema';

/**
 * The Categories screen (/web/category). Deleting a category that books still use is refused by
 * the server (409, toasted) and the row comes back: undo mode's "a failed delete puts it back".
 */
export const categoryScreen: ResourceScreen<Category, CategoryFormValues> = {
  api: categoryApi,
  labels: { create: msg`New category`, edit: msg`Edit category`, delete: msg`Delete category` },
  recordTitle: (c) => c.name,
  card: { fields: ['sort', 'description'], wide: ['description'] },
  columns: [
    nameColumn('name', msg`Name`, { width: 240 }),
    {
      key: 'description',
      label: msg`Description`,
      render: (c) => (
        <Text size="sm" c={c.description ? undefined : 'dimmed'} lineClamp={2}>
          {c.description || '—'}
        </Text>
      ),
    },
    sortColumn(),
    updatedColumn(),
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () =>
      import('./schema').then((m) => ({
        create: m.categoryCreateSchema,
        update: m.categoryUpdateSchema,
      })),
    toValues: toCategoryFormValues,
    size: 'md',
    fields: [
      { name: 'name', label: msg`Name`, kind: 'text', required: true },
      { name: 'sort', label: msg`Sort`, kind: 'number', min: 0, description: msg`Lower comes first.` },
      { name: 'description', label: msg`Description`, kind: 'textarea' },
      {
        name: 'loanDays',
        label: msg`Loan period (days)`,
        kind: 'number',
        min: 1,
        description: msg`Empty: the loan policy's period.`,
      },
    ],
  },
};
