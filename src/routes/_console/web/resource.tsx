import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { resourcesQuery } from '../../../resources/resource/api';
import { ResourcesPage } from '../../../resources/resource/components/resources-page';
import { resourceSearchSchema } from '../../../resources/resource/model';
import { resourceSpec } from '../../../resources/resource/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/web/resource')({
  staticData: { title: msg`Resources`, ...resourceSpec.menu, roles: resourceSpec.roles },
  ...listRoute(resourceSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(resourcesQuery(deps))),
  component: ResourcesPage,
});
