import { http } from '../../lib/api';
import type { Book } from '../../resources/book/schema';
import { bookSpec } from '../../resources/book/spec';

/** `GET /book/isbn/{isbn}`: the book kept under that ISBN-13, or null (docs/api-additions.md). */
export const bookByIsbn = (isbn: string) => http.get<Book | null>(`/${bookSpec.api}/isbn/${encodeURIComponent(isbn)}`);
