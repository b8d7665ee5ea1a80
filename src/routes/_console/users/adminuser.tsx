import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { staffQuery } from '../../../resources/staff/api';
import { StaffPage } from '../../../resources/staff/components/staff-page';
import { staffSearchSchema } from '../../../resources/staff/model';

// Admin only: the root guard sends an operator to /401 before this loads (route-table roles).
export const Route = createFileRoute('/_console/users/adminuser')({
  validateSearch: staffSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(staffQuery(deps));
  },
  component: StaffPage,
});
