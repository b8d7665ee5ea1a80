import { ResourcePage } from '../../../components/resource/resource-page';
import { resourceScreen } from '../resource';

/** /web/resource. */
export function ResourcesPage() {
  return <ResourcePage resource={resourceScreen} />;
}
