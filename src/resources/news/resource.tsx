import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { badgeColumn, timeColumn, titleColumn, updatedColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { newsApi } from './api';
import { ContentField } from './components/content-field';
import { NEWS_STATUS_OPTIONS, type NewsFormValues, toNewsFormValues } from './model';
import type { News } from './schema';
import { newsSpec } from './spec';

/** The News screen (/web/news): articles for the reading site, drafted and published here. */
export const newsScreen: ResourceScreen<News, NewsFormValues> = {
  api: newsApi,
  labels: { create: msg`New article`, edit: msg`Edit article`, delete: msg`Delete article` },
  recordTitle: (n) => n.title,
  card: { fields: ['publishedAt', 'updatedAt'], status: 'status' },
  columns: [
    titleColumn((n) => n.summary),
    badgeColumn('status', msg`Status`, NEWS_STATUS_OPTIONS, 120),
    { ...timeColumn('publishedAt', msg`Publish date`), priority: 2 },
    updatedColumn(),
  ],
  filters: [
    { name: 'status', label: msg`Status`, options: NEWS_STATUS_OPTIONS },
    rangeFilter('published', newsSpec.filters.published, msg`Publish date`),
    rangeFilter('updated', newsSpec.filters.updated, msg`Updated`),
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () => import('./schema').then((m) => ({ create: m.newsCreateSchema, update: m.newsUpdateSchema })),
    toValues: toNewsFormValues,
    size: 'xl',
    fields: [
      { name: 'title', label: msg`Title`, kind: 'text', required: true, span: 2 },
      { name: 'status', label: msg`Status`, kind: 'select', required: true, options: NEWS_STATUS_OPTIONS },
      { name: 'coverUrl', label: msg`Cover URL`, kind: 'image', placeholder: msg`https://… or /prod-api/files/…` },
      { name: 'summary', label: msg`Summary`, kind: 'textarea', description: msg`One or two sentences for lists.` },
      {
        name: 'content',
        label: msg`Content`,
        kind: 'custom',
        required: true,
        span: 2,
        render: (props) => <ContentField {...props} />,
        // The comparison shows text, not markup.
        renderValue: (html) => (
          <Text size="sm" lineClamp={3}>
            {typeof html === 'string' ? htmlToText(html) : ''}
          </Text>
        ),
      },
    ],
  },
};

/** The text of some HTML, for a one-line comparison; DOMParser never runs scripts or loads images. */
function htmlToText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
