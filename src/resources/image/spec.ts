import { defineSpec } from '../../contract/resource-spec';
import { IMAGE_MIMES } from '../../contract/values';

export const IMAGE_SORTS = ['id', 'fileName', 'size', 'createdAt'] as const;

/** Uploaded images. */
export const imageSpec = defineSpec({
  api: 'image',
  roles: 'everyone',
  menu: { screen: '/users/image', icon: 'example', order: 24 },
  sorts: IMAGE_SORTS,
  filters: {
    mime: { kind: 'enum', values: IMAGE_MIMES, column: 'image.mime' },
    created: { kind: 'dateRange', column: 'image.created_at', params: ['createdFrom', 'createdTo'] },
  },
});
