import { useQuery } from '@tanstack/react-query';
import type { ResourceScreen } from '../../components/resource/types';
import type { RecordMeta } from '../../contract/common';
import { useTabTitle } from '../../shell/tags-view/use-tab-title';

/**
 * Names a record page's tab by its record (`recordTitle`: a book's title, a reader's name) once the
 * record is loaded: the same query as the page's own, so no request of its own.
 */
export function useRecordTab<T extends RecordMeta>(
  resource: Pick<ResourceScreen<T>, 'api' | 'recordTitle'>,
  id: number,
) {
  const { data } = useQuery(resource.api.recordQuery(id));
  useTabTitle(data ? resource.recordTitle(data) : undefined);
}
