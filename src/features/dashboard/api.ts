import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api';
import type { SystemInfo } from './model';

/** GET /system/info (API.md §4). The charts' queries (vod-resource, data/list) join here. */
export const systemInfoQuery = () =>
  queryOptions({
    queryKey: ['system', 'info'] as const,
    queryFn: () => http.get<SystemInfo>('/system/info'),
    staleTime: 30_000,
  });
