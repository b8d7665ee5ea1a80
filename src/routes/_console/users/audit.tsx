import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { auditQuery } from '../../../resources/audit/api';
import { AuditPage } from '../../../resources/audit/components/audit-page';
import { auditSearchSchema } from '../../../resources/audit/model';
import { auditSpec } from '../../../resources/audit/spec';
import { listRoute } from '../../-list-route';

// Admin only (the spec's roles): the console's guard sends an operator to /401 before this loads.
export const Route = createFileRoute('/_console/users/audit')({
  staticData: { title: msg`Audit log`, ...auditSpec.menu, roles: auditSpec.roles },
  ...listRoute(auditSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(auditQuery(deps))),
  component: AuditPage,
});
