import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { CategorySelect } from '../../components/pickers/category-select';
import { CategoryName } from '../../components/pickers/record-names';
import { nameColumn, sortColumn, updatedColumn } from '../../components/resource/list/columns';
import { FILTER_WIDTH } from '../../components/resource/list/list-filters';
import { rangeFilter } from '../../components/resource/list/range-filter';
import { categoryFilter } from '../../components/resource/list/ref-filters';
import type { ResourceScreen } from '../../components/resource/types';
import { subclassApi } from './api';
import { type SubclassFormValues, toSubclassFormValues } from './model';
import type { Subclass } from './schema';
import { subclassSpec } from './spec';

/** The Category subclasses screen (/web/categorysubclass), filtered by category. */
export const subclassScreen: ResourceScreen<Subclass, SubclassFormValues> = {
  api: subclassApi,
  labels: { create: msg`New subclass`, edit: msg`Edit subclass`, delete: msg`Delete subclass` },
  recordTitle: (s) => s.name,
  card: { fields: ['category', 'sort'] },
  columns: [
    nameColumn('name', msg`Name`),
    {
      key: 'category',
      label: msg`Category`,
      sortField: 'categoryId',
      render: (s) => <Text size="sm">{s.categoryName ?? '—'}</Text>,
    },
    sortColumn(),
    updatedColumn(),
  ],
  filters: [
    categoryFilter({ in: 'toolbar', width: FILTER_WIDTH * 1.25 }),
    rangeFilter('updated', subclassSpec.filters.updated, msg`Updated`),
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () =>
      import('./schema').then((m) => ({
        create: m.subclassCreateSchema,
        update: m.subclassUpdateSchema,
      })),
    toValues: (s) => toSubclassFormValues(s),
    size: 'md',
    fields: [
      {
        name: 'categoryId',
        label: msg`Category`,
        kind: 'custom',
        required: true,
        span: 2,
        render: ({ inputProps }) => <CategorySelect {...inputProps} />,
        renderValue: (id) => <CategoryName id={id} />,
      },
      { name: 'name', label: msg`Name`, kind: 'text', required: true },
      { name: 'sort', label: msg`Sort`, kind: 'number', min: 0, description: msg`Lower comes first.` },
    ],
  },
};
