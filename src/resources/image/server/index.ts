import type { NounServer } from '../../../server/http/noun';
import type { Services } from '../../../server/services';
import { IMAGE_MAX_BYTES } from '../schema';
import { imageRecords } from './records';
import { imageSeed } from './seed';
import { imageFiles, imageUpload } from './upload';

/**
 * Images: the library (`/image`: page, delete), the upload (`POST /file/upload/img`) and the stored
 * files (`GET /files/images/{name}`), which answer before the token check since an `<img>` tag
 * cannot send one.
 */
export function imageServer(services: Services): NounServer {
  const records = imageRecords(services);
  return {
    routes: { ...records.routes, '/file/upload': imageUpload(services) },
    publicRoutes: { '/files/images': imageFiles(services) },
    uploads: { '/file/upload/img': { bytes: IMAGE_MAX_BYTES, what: 'Image', limit: '5 MiB' } },
    resource: records.resource,
    seed: imageSeed,
  };
}
