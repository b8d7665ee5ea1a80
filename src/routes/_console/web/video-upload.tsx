import { createFileRoute } from '@tanstack/react-router';
import { VideoUploadPage } from '../../../features/video-upload/components/video-upload-page';

/** Hidden route under Videos: the upload panel (route meta in lib/route-table.ts). */
export const Route = createFileRoute('/_console/web/video-upload')({ component: VideoUploadPage });
