import { queryOptions } from '@tanstack/react-query';
import type { ListSearch } from '../../components/resource/list/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import type { Page } from '../../contract/common';
import { http } from '../../lib/api';
import { AUDIT_FILTERS, type AuditRow } from './model';

/** `POST /audit/page` (+ export): admin only, read only. Keys: ['audit', 'page', body]. */
export const auditApi = createResourceApi<AuditRow>('audit', 'audit', AUDIT_FILTERS);

export const auditQuery = (search: Partial<ListSearch>) => auditApi.pageQuery(search);

/** The fields of a staff account (`/user/page`) the actor filter shows. */
export type Actor = { id: number; name: string; userName: string };

/**
 * Staff accounts for the actor filter (the first 100 by name: a console has a handful); under the
 * staff noun's key, so a change to an account refreshes it.
 */
export const actorsQuery = () =>
  queryOptions({
    queryKey: ['staff', 'actors'] as const,
    queryFn: () => http.post<Page<Actor>>('/user/page', { pageNum: 1, pageSize: 100, sort: 'name', order: 'asc' }),
    staleTime: 60_000,
  });
