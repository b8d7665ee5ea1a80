import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { subclassesQuery } from '../../../resources/subclass/api';
import { SubclassesPage } from '../../../resources/subclass/components/subclasses-page';
import { subclassSearchSchema } from '../../../resources/subclass/model';
import { subclassSpec } from '../../../resources/subclass/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/web/categorysubclass')({
  staticData: { title: msg`Category subclasses`, ...subclassSpec.menu, roles: subclassSpec.roles },
  ...listRoute(subclassSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(subclassesQuery(deps))),
  component: SubclassesPage,
});
