import { ResourcePage } from '../../../components/resource/list/resource-page';
import { auditScreen } from '../resource';

/** /users/audit: the audit trail (admin only: menu, URL and server). */
export function AuditPage() {
  return <ResourcePage resource={auditScreen} />;
}
