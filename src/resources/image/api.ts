import type { ListSearch } from '../../components/resource/list-search';
import { createResourceApi } from '../../components/resource/resource-api';
import { IMAGE_FILTERS } from './model';
import type { ImageRecord } from './schema';

/** `/image`: page and delete; created by `POST /file/upload/img` (lib/upload-image.ts). */
export const imageApi = createResourceApi<ImageRecord>('image', IMAGE_FILTERS);

export const imagesQuery = (search: Partial<ListSearch>) => imageApi.pageQuery(search);
