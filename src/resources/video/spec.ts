import { defineSpec } from '../../contract/resource-spec';

/** Videos (the upload panel is features/video-upload). */
export const videoSpec = defineSpec({
  api: 'video',
  roles: 'everyone',
  menu: { screen: '/web/video', icon: 'guide', order: 18 },
  sorts: ['id', 'title', 'fileSize', 'status', 'createdAt', 'updatedAt'],
  // Status and category are written by hand in its schema and server.
  filters: { created: { kind: 'dateRange', column: 'video.created_at', params: ['createdFrom', 'createdTo'] } },
});
