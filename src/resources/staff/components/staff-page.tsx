import { ResourcePage } from '../../../components/resource/list/resource-page';
import { staffScreen } from '../resource';

/** /users/adminuser: staff accounts (admin only: menu, URL and server). */
export function StaffPage() {
  return <ResourcePage resource={staffScreen} />;
}
