import { ResourcePage } from '../../../components/resource/list/resource-page';
import { resourceScreen } from '../resource';

/** /web/resource. */
export function ResourcesPage() {
  return <ResourcePage resource={resourceScreen} />;
}
