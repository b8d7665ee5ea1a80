import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { readersQuery } from '../../../resources/reader/api';
import { ReadersPage } from '../../../resources/reader/components/readers-page';
import { readerSearchSchema } from '../../../resources/reader/model';
import { readerSpec } from '../../../resources/reader/spec';

export const Route = createFileRoute('/_console/users/user')({
  staticData: { title: msg`Users`, ...readerSpec.menu, roles: readerSpec.roles },
  validateSearch: readerSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure shows in the list's own error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(readersQuery(deps));
  },
  component: ReadersPage,
});
