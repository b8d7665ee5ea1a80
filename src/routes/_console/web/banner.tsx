import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { bannersQuery } from '../../../resources/banner/api';
import { BannersPage } from '../../../resources/banner/components/banners-page';
import { bannerSearchSchema } from '../../../resources/banner/model';
import { bannerSpec } from '../../../resources/banner/spec';

export const Route = createFileRoute('/_console/web/banner')({
  staticData: { title: msg`Banners`, ...bannerSpec.menu, roles: bannerSpec.roles },
  validateSearch: bannerSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(bannersQuery(deps));
  },
  component: BannersPage,
});
