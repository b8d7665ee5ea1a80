import { ResourcePage } from '../../../components/resource/list/resource-page';
import { videoScreen } from '../resource';

/** /web/video: the video library; uploads happen in the upload panel. */
export function VideosPage() {
  return <ResourcePage resource={videoScreen} />;
}
