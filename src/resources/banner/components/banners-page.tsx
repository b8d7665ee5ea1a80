import { ResourcePage } from '../../../components/resource/list/resource-page';
import { bannerScreen } from '../resource';

/** /web/banner: the reading site's carousel. */
export function BannersPage() {
  return <ResourcePage resource={bannerScreen} />;
}
