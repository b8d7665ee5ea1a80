import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { staffQuery } from '../../../resources/staff/api';
import { StaffPage } from '../../../resources/staff/components/staff-page';
import { staffSearchSchema } from '../../../resources/staff/model';
import { staffSpec } from '../../../resources/staff/spec';
import { listRoute } from '../../-list-route';

// Admin only (the spec's roles): the console's guard sends an operator to /401 before this loads.
export const Route = createFileRoute('/_console/users/adminuser')({
  staticData: { title: msg`Staff`, ...staffSpec.menu, roles: staffSpec.roles },
  ...listRoute(staffSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(staffQuery(deps))),
  component: StaffPage,
});
