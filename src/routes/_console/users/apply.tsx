import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { applicationsQuery } from '../../../resources/application/api';
import { ApplicationsPage } from '../../../resources/application/components/applications-page';
import { applicationSearchSchema } from '../../../resources/application/model';
import { applicationSpec } from '../../../resources/application/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/users/apply')({
  staticData: { title: msg`Applications`, ...applicationSpec.menu, roles: applicationSpec.roles },
  ...listRoute(applicationSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(applicationsQuery(deps))),
  component: ApplicationsPage,
});
