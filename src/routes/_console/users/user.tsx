import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { readersQuery } from '../../../resources/reader/api';
import { ReadersPage } from '../../../resources/reader/components/readers-page';
import { readerSearchSchema } from '../../../resources/reader/model';
import { readerSpec } from '../../../resources/reader/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/users/user')({
  staticData: { title: msg`Readers`, ...readerSpec.menu, roles: readerSpec.roles },
  ...listRoute(readerSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(readersQuery(deps))),
  component: ReadersPage,
});
