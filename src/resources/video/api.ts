import type { ListSearch } from '../../components/resource/list/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { http } from '../../lib/api';
import { VIDEO_FILTERS, type VideoRecord } from './model';

/** `/video`: page, read, update and delete here; records are created by the upload panel. */
export const videoApi = createResourceApi<VideoRecord>('video', 'video', VIDEO_FILTERS);

export const videosQuery = (search: Partial<ListSearch>) => videoApi.pageQuery(search);

/** `POST /video/{id}/retry`: a failed video goes back into the processing queue. */
export const retryVideo = (id: number) => http.post<VideoRecord>(`/video/${id}/retry`);

/** The fields `PUT /video` takes, from the record as it is, with `change` applied. */
export const videoUpdateBody = (v: VideoRecord, change: Partial<Pick<VideoRecord, 'coverUrl'>>) => ({
  id: v.id,
  version: v.version,
  title: v.title,
  description: v.description ?? '',
  cateId: v.cateId,
  tags: v.tags ?? '',
  coverUrl: v.coverUrl ?? '',
  ...change,
});
