import type { ListSearch } from '../../components/resource/list/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { STAFF_FILTERS } from './model';
import type { Staff } from './schema';
import { staffSpec } from './spec';

/** `/user`: staff accounts, admin only (docs/api.md §3). Keys: ['staff', 'page', body]. */
export const staffApi = createResourceApi<Staff>('staff', staffSpec.api, STAFF_FILTERS);

export const staffQuery = (search: Partial<ListSearch>) => staffApi.pageQuery(search);
