import { ResourcePage } from '../../../components/resource/resource-page';
import { resourceResource } from '../resource';

/** /web/resource. */
export function ResourcesPage() {
  return <ResourcePage resource={resourceResource} />;
}
