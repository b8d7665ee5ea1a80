import { ResourcePage } from '../../../components/resource/list/resource-page';
import { bookScreen } from '../resource';

/** /web/book: the catalogue. */
export function BooksPage() {
  return <ResourcePage resource={bookScreen} />;
}
