import { ResourcePage } from '../../../components/resource/list/resource-page';
import { BookScan } from '../../../features/scan/book-scan';
import { bookScreen } from '../resource';

// Scan (camera or USB scanner) in the toolbar: a phone's row below the search, beside New elsewhere.
const books = { ...bookScreen, toolbar: <BookScan /> };

/** /web/book: the catalogue. */
export function BooksPage() {
  return <ResourcePage resource={books} />;
}
