import type { ListSearch } from '../../components/resource/list/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { STAFF_FILTERS } from './model';
import type { Staff } from './schema';

/** `/user`: staff accounts, admin only (docs/api.md §3). Keys: ['user', 'page', body]. */
export const staffApi = createResourceApi<Staff>('staff', 'user', STAFF_FILTERS);

export const staffQuery = (search: Partial<ListSearch>) => staffApi.pageQuery(search);
