import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { bannersQuery } from '../../../features/banners/api';
import { BannersPage } from '../../../features/banners/components/banners-page';
import { bannerSearchSchema } from '../../../features/banners/model';

export const Route = createFileRoute('/_console/web/banner')({
  validateSearch: bannerSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(bannersQuery(deps));
  },
  component: BannersPage,
});
