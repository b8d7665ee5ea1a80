import { dayRange, defineSpec, enumFilter } from '../../contract/resource-spec';

export const NEWS_STATUSES = ['draft', 'published'] as const;

/** News articles. */
export const newsSpec = defineSpec({
  api: 'news',
  roles: 'everyone',
  menu: { screen: '/web/news', icon: 'list', order: 13 },
  sorts: ['id', 'title', 'status', 'publishedAt', 'createdAt', 'updatedAt'],
  filters: {
    status: enumFilter(NEWS_STATUSES, 'news.status'),
    published: dayRange('news', 'published'),
    updated: dayRange('news', 'updated'),
  },
});
