import { defineSpec } from '../../contract/resource-spec';
import { NEWS_SORTS, NEWS_STATUSES } from '../../contract/values';

/** News articles. */
export const newsSpec = defineSpec({
  api: 'news',
  roles: 'everyone',
  menu: { icon: 'list', order: 13 },
  sorts: NEWS_SORTS,
  filters: {
    status: { kind: 'enum', values: NEWS_STATUSES, column: 'news.status' },
    published: { kind: 'dateRange', column: 'news.published_at', params: ['publishedFrom', 'publishedTo'] },
    updated: { kind: 'dateRange', column: 'news.updated_at', params: ['updatedFrom', 'updatedTo'] },
  },
});
