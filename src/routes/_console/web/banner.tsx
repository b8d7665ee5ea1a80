import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery } from '../../../resources/banner/api';
import { BannersPage } from '../../../resources/banner/components/banners-page';
import { bannerSearchSchema } from '../../../resources/banner/model';
import { bannerSpec } from '../../../resources/banner/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/web/banner')({
  staticData: { title: msg`Banners`, ...bannerSpec.menu, roles: bannerSpec.roles },
  ...listRoute(bannerSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(bannersQuery(deps))),
  component: BannersPage,
});
