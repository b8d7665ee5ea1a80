import { ResourcePage } from '../../../components/resource/list/resource-page';
import { reminderScreen } from '../resource';

/** /users/reminder: the outbox of notices to readers (read only; Run now for admins). */
export function RemindersPage() {
  return <ResourcePage resource={reminderScreen} />;
}
