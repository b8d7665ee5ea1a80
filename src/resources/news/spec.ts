import { defineSpec } from '../../contract/resource-spec';

export const NEWS_STATUSES = ['draft', 'published'] as const;
export const NEWS_SORTS = ['id', 'title', 'status', 'publishedAt', 'createdAt', 'updatedAt'] as const;

/** News articles. */
export const newsSpec = defineSpec({
  api: 'news',
  roles: 'everyone',
  menu: { screen: '/web/news', icon: 'list', order: 13 },
  sorts: NEWS_SORTS,
  filters: {
    status: { kind: 'enum', values: NEWS_STATUSES, column: 'news.status' },
    published: { kind: 'dateRange', column: 'news.published_at', params: ['publishedFrom', 'publishedTo'] },
    updated: { kind: 'dateRange', column: 'news.updated_at', params: ['updatedFrom', 'updatedTo'] },
  },
});
