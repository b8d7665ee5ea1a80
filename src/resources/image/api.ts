import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import type { ImageRecord } from './schema';
import { imageSpec } from './spec';

/** `/image`: page and delete; created by `POST /file/upload/img` (lib/upload-image.ts). */
export const imageApi = resourceApiOf<ImageRecord>('image', imageSpec);

export const imagesQuery = (search: Partial<ListSearch>) => imageApi.pageQuery(search);
