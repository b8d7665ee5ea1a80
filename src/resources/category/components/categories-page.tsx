import { ResourcePage } from '../../../components/resource/list/resource-page';
import { categoryScreen } from '../resource';

/** /web/category: the catalogue's top-level categories. */
export function CategoriesPage() {
  return <ResourcePage resource={categoryScreen} />;
}
