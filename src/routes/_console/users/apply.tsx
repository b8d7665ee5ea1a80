import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { appliesQuery } from '../../../resources/application/api';
import { ApplicationsPage } from '../../../resources/application/components/applications-page';
import { applySearchSchema } from '../../../resources/application/model';
import { applicationSpec } from '../../../resources/application/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/users/apply')({
  staticData: { title: msg`Applications`, ...applicationSpec.menu, roles: applicationSpec.roles },
  ...listRoute(applySearchSchema, (deps, queryClient) => queryClient.prefetchQuery(appliesQuery(deps))),
  component: ApplicationsPage,
});
