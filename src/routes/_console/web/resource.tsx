import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { resourcesQuery } from '../../../resources/resource/api';
import { ResourcesPage } from '../../../resources/resource/components/resources-page';
import { resourceSearchSchema } from '../../../resources/resource/model';
import { resourceSpec } from '../../../resources/resource/spec';

export const Route = createFileRoute('/_console/web/resource')({
  staticData: { title: msg`Resources`, ...resourceSpec.menu, roles: resourceSpec.roles },
  validateSearch: resourceSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(resourcesQuery(deps));
  },
  component: ResourcesPage,
});
