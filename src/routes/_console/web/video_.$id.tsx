import { msg } from '@lingui/core/macro';
import { createFileRoute, useParams } from '@tanstack/react-router';
import { VideoRecordPage } from '../../../resources/video/components/video-record-page';
import { videoSpec } from '../../../resources/video/spec';
import { recordPageMeta } from '../../-record-route';

/** A video's record page: it plays, and its text and cover are edited there. */
export const Route = createFileRoute('/_console/web/video_/$id')({
  staticData: recordPageMeta(msg`Video`, videoSpec, '/web/video'),
  component: VideoRoute,
});

function VideoRoute() {
  const id = Number(useParams({ from: '/_console/web/video_/$id' }).id);
  return <VideoRecordPage id={id} />;
}
