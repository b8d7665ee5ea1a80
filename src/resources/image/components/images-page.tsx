import { ResourcePage } from '../../../components/resource/list/resource-page';
import { imageScreen } from '../resource';

/** /users/image: the image library (upload, preview grid, copy URL, delete). */
export function ImagesPage() {
  return <ResourcePage resource={imageScreen} />;
}
