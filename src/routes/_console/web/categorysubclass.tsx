import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { subclassesQuery } from '../../../features/subclasses/api';
import { SubclassesPage } from '../../../features/subclasses/components/subclasses-page';
import { subclassSearchSchema } from '../../../features/subclasses/model';

export const Route = createFileRoute('/_console/web/categorysubclass')({
  validateSearch: subclassSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(subclassesQuery(deps));
  },
  component: SubclassesPage,
});
