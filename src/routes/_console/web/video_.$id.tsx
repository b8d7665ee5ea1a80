import { msg } from '@lingui/core/macro';
import { createFileRoute, useParams } from '@tanstack/react-router';
import { useRecordTab } from '../../../features/record/use-record-tab';
import { VideoRecordPage } from '../../../resources/video/components/video-record-page';
import { videoRecordScreen } from '../../../resources/video/record-form';
import { videoSpec } from '../../../resources/video/spec';
import { recordPageMeta } from '../../-record-route';

/** A video's record page: it plays, and its text and cover are edited there. */
export const Route = createFileRoute('/_console/web/video_/$id')({
  staticData: recordPageMeta(msg`Video`, videoSpec, '/web/video'),
  component: VideoRoute,
});

function VideoRoute() {
  const id = Number(useParams({ from: '/_console/web/video_/$id' }).id);
  // Its tab by the video's title (the page is the video noun's own; the tab is the record route's).
  useRecordTab(videoRecordScreen, id);
  return <VideoRecordPage id={id} />;
}
