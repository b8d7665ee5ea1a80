import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { auditQuery } from '../../../resources/audit/api';
import { AuditPage } from '../../../resources/audit/components/audit-page';
import { auditSearchSchema } from '../../../resources/audit/model';

// Admin only: the root guard sends an operator to /401 before this loads (route-table roles).
export const Route = createFileRoute('/_console/users/audit')({
  validateSearch: auditSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(auditQuery(deps));
  },
  component: AuditPage,
});
