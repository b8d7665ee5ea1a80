import { queryOptions } from '@tanstack/react-query';
import { DATA_DAYS_DEFAULT, type DataPoint, type VodResource } from '../../contract/system';
import { http } from '../../lib/api';
import type { SystemInfo } from './model';

/** GET /system/info (docs/api.md §4). */
export const systemInfoQuery = () =>
  queryOptions({
    queryKey: ['system', 'info'] as const,
    queryFn: () => http.get<SystemInfo>('/system/info'),
    staleTime: 30_000,
  });

/** GET /system/vod-resource: the video library's count, bytes and statuses. */
export const vodResourceQuery = () =>
  queryOptions({
    queryKey: ['system', 'vod-resource'] as const,
    queryFn: () => http.get<VodResource>('/system/vod-resource'),
    staleTime: 30_000,
  });

/** GET /system/data/list?days=N: daily new readers, applications and uploads, oldest first. */
export const activityQuery = (days = DATA_DAYS_DEFAULT) =>
  queryOptions({
    queryKey: ['system', 'data', days] as const,
    queryFn: () => http.get<DataPoint[]>('/system/data/list', { query: { days } }),
    staleTime: 30_000,
  });
