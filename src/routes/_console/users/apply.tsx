import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { appliesQuery } from '../../../resources/application/api';
import { ApplicationsPage } from '../../../resources/application/components/applications-page';
import { applySearchSchema } from '../../../resources/application/model';
import { applicationSpec } from '../../../resources/application/spec';

export const Route = createFileRoute('/_console/users/apply')({
  staticData: { title: msg`Applications`, ...applicationSpec.menu, roles: applicationSpec.roles },
  validateSearch: applySearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(appliesQuery(deps));
  },
  component: ApplicationsPage,
});
