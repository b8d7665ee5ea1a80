import { dayRange, defineSpec, enumFilter } from '../../contract/resource-spec';
import { IMAGE_MIMES } from '../../contract/values';

/** Uploaded images. */
export const imageSpec = defineSpec({
  api: 'image',
  roles: 'everyone',
  // Listed with the site's content, after Videos (the route names its menu group); the URL stays
  // /users/image, where it has always been.
  menu: { screen: '/users/image', icon: 'example', order: 19 },
  sorts: ['id', 'fileName', 'size', 'createdAt'],
  filters: { mime: enumFilter(IMAGE_MIMES, 'image.mime'), created: dayRange('image', 'created') },
});
