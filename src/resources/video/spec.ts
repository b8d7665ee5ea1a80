import { defineSpec } from '../../contract/resource-spec';
import { VIDEO_SORTS } from '../../contract/values';

/** Videos (the upload panel is features/video-upload). */
export const videoSpec = defineSpec({
  api: 'video',
  roles: 'everyone',
  menu: { icon: 'guide', order: 18 },
  sorts: VIDEO_SORTS,
});
