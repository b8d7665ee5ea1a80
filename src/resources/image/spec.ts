import { dayRange, defineSpec, enumFilter } from '../../contract/resource-spec';
import { IMAGE_MIMES } from '../../contract/values';

/** Uploaded images. */
export const imageSpec = defineSpec({
  api: 'image',
  roles: 'everyone',
  menu: { screen: '/users/image', icon: 'example', order: 24 },
  sorts: ['id', 'fileName', 'size', 'createdAt'],
  filters: { mime: enumFilter(IMAGE_MIMES, 'image.mime'), created: dayRange('image', 'created') },
});
