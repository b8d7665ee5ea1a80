import { ResourcePage } from '../../../components/resource/list/resource-page';
import { readerScreen } from '../resource';

/** /users/user: the reading site's readers. */
export function ReadersPage() {
  return <ResourcePage resource={readerScreen} />;
}
