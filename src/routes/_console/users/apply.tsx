import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { appliesQuery } from '../../../resources/application/api';
import { ApplicationsPage } from '../../../resources/application/components/applications-page';
import { applySearchSchema } from '../../../resources/application/model';

export const Route = createFileRoute('/_console/users/apply')({
  validateSearch: applySearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(appliesQuery(deps));
  },
  component: ApplicationsPage,
});
