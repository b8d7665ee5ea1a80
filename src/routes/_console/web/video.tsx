import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { videosQuery } from '../../../resources/video/api';
import { VideosPage } from '../../../resources/video/components/videos-page';
import { videoSearchSchema } from '../../../resources/video/model';
import { videoSpec } from '../../../resources/video/spec';

export const Route = createFileRoute('/_console/web/video')({
  staticData: { title: msg`Videos`, ...videoSpec.menu, roles: videoSpec.roles },
  validateSearch: videoSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(videosQuery(deps));
  },
  component: VideosPage,
});
