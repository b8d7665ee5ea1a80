import { ResourcePage } from '../../../components/resource/resource-page';
import { bannerResource } from '../resource';

/** /web/banner: the reading site's carousel. */
export function BannersPage() {
  return <ResourcePage resource={bannerResource} />;
}
