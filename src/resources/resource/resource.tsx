import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { EnumBadge } from '../../components/enum-badge';
import { ExternalLink } from '../../components/external-link';
import { CategorySelect } from '../../components/pickers/category-select';
import { CategoryName } from '../../components/pickers/record-names';
import { titleColumn, updatedColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import { categoryFilter } from '../../components/resource/list/ref-filters';
import type { ResourceScreen } from '../../components/resource/types';
import { resourceApi } from './api';
import { RESOURCE_TYPE_OPTIONS, type ResourceFormValues, toResourceFormValues } from './model';
import type { Resource } from './schema';
import { resourceSpec } from './spec';

/** The Resources screen (/web/resource): downloadable or linked reading material. */
export const resourceScreen: ResourceScreen<Resource, ResourceFormValues> = {
  api: resourceApi,
  labels: { create: msg`New resource`, edit: msg`Edit resource`, delete: msg`Delete resource` },
  recordTitle: (r) => r.title,
  card: { fields: ['category', 'url'], wide: ['url'], status: 'type' },
  columns: [
    titleColumn((r) => r.description, 2),
    {
      key: 'type',
      label: msg`Type`,
      sortField: 'type',
      width: 110,
      render: (r) => <EnumBadge value={r.type} options={RESOURCE_TYPE_OPTIONS} />,
    },
    { key: 'url', label: msg`Link`, width: 260, priority: 3, render: (r) => <ExternalLink url={r.url} /> },
    {
      key: 'category',
      label: msg`Category`,
      width: 150,
      render: (r) => <Text size="sm">{r.categoryName ?? '—'}</Text>,
    },
    updatedColumn(),
  ],
  filters: [
    { name: 'type', label: msg`Type`, options: RESOURCE_TYPE_OPTIONS },
    categoryFilter({ in: 'toolbar' }),
    rangeFilter('updated', resourceSpec.filters.updated, msg`Updated`),
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () =>
      import('./schema').then((m) => ({
        create: m.resourceCreateSchema,
        update: m.resourceUpdateSchema,
      })),
    toValues: toResourceFormValues,
    fields: [
      { name: 'title', label: msg`Title`, kind: 'text', required: true, span: 2 },
      { name: 'type', label: msg`Type`, kind: 'select', required: true, options: RESOURCE_TYPE_OPTIONS },
      {
        name: 'categoryId',
        label: msg`Category`,
        kind: 'custom',
        render: ({ inputProps }) => <CategorySelect {...inputProps} clearable />,
        renderValue: (id) => <CategoryName id={id} />,
      },
      {
        name: 'url',
        label: msg`Link`,
        kind: 'url',
        required: true,
        span: 2,
        placeholder: msg`https://… or /prod-api/files/…`,
      },
      { name: 'description', label: msg`Description`, kind: 'textarea' },
    ],
  },
};
