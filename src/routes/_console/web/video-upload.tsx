import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VideoUploadPage } from '../../../features/video-upload/components/video-upload-page';
import { videoSpec } from '../../../resources/video/spec';

/** Hidden route under Videos: the upload panel. */
export const Route = createFileRoute('/_console/web/video-upload')({
  staticData: {
    title: msg`Upload videos`,
    icon: 'upload',
    roles: videoSpec.roles,
    hidden: true,
    activeMenu: '/web/video',
    order: 19,
  },
  component: VideoUploadPage,
});
