import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { staffQuery } from '../../../resources/staff/api';
import { StaffPage } from '../../../resources/staff/components/staff-page';
import { staffSearchSchema } from '../../../resources/staff/model';
import { staffSpec } from '../../../resources/staff/spec';

// Admin only (the spec's roles): the console's guard sends an operator to /401 before this loads.
export const Route = createFileRoute('/_console/users/adminuser')({
  staticData: { title: msg`Administrators`, ...staffSpec.menu, roles: staffSpec.roles },
  validateSearch: staffSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(staffQuery(deps));
  },
  component: StaffPage,
});
