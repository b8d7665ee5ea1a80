import { dayRange, defineSpec, enumFilter } from '../../contract/resource-spec';
import { IMAGE_MIMES } from '../../contract/values';

export const IMAGE_SORTS = ['id', 'fileName', 'size', 'createdAt'] as const;

/** Uploaded images. */
export const imageSpec = defineSpec({
  api: 'image',
  roles: 'everyone',
  menu: { screen: '/users/image', icon: 'example', order: 24 },
  sorts: IMAGE_SORTS,
  filters: { mime: enumFilter(IMAGE_MIMES, 'image.mime'), created: dayRange('image', 'created') },
});
