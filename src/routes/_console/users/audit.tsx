import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { auditQuery } from '../../../resources/audit/api';
import { AuditPage } from '../../../resources/audit/components/audit-page';
import { auditSearchSchema } from '../../../resources/audit/model';
import { auditSpec } from '../../../resources/audit/spec';

// Admin only (the spec's roles): the console's guard sends an operator to /401 before this loads.
export const Route = createFileRoute('/_console/users/audit')({
  staticData: { title: msg`Audit log`, ...auditSpec.menu, roles: auditSpec.roles },
  validateSearch: auditSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(auditQuery(deps));
  },
  component: AuditPage,
});
