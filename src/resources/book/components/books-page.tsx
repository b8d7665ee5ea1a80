import { ResourcePage } from '../../../components/resource/resource-page';
import { bookResource } from '../resource';

/** /web/book: the catalogue. */
export function BooksPage() {
  return <ResourcePage resource={bookResource} />;
}
