import { ResourcePage } from '../../../components/resource/resource-page';
import { staffResource } from '../resource';

/** /users/adminuser: staff accounts (admin only: menu, URL and server). */
export function StaffPage() {
  return <ResourcePage resource={staffResource} />;
}
