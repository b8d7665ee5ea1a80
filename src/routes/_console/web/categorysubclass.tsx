import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { subclassesQuery } from '../../../resources/subclass/api';
import { SubclassesPage } from '../../../resources/subclass/components/subclasses-page';
import { subclassSearchSchema } from '../../../resources/subclass/model';
import { subclassSpec } from '../../../resources/subclass/spec';

export const Route = createFileRoute('/_console/web/categorysubclass')({
  staticData: { title: msg`Category subclasses`, ...subclassSpec.menu, roles: subclassSpec.roles },
  validateSearch: subclassSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(subclassesQuery(deps));
  },
  component: SubclassesPage,
});
