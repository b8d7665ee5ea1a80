import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { videosQuery } from '../../../resources/video/api';
import { VideosPage } from '../../../resources/video/components/videos-page';
import { videoSearchSchema } from '../../../resources/video/model';
import { videoSpec } from '../../../resources/video/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/web/video')({
  staticData: { title: msg`Videos`, ...videoSpec.menu, roles: videoSpec.roles },
  ...listRoute(videoSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(videosQuery(deps))),
  component: VideosPage,
});
