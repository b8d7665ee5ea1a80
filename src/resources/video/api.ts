import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { VIDEO_FILTERS } from './model';
import type { Video } from './schema';

/** `/video`: page and delete here; records are created by the upload panel. */
export const videoApi = createResourceApi<Video>('video', VIDEO_FILTERS);

export const videosQuery = (search: Partial<ListSearch>) => videoApi.pageQuery(search);
