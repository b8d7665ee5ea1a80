import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { booksQuery } from '../../../resources/book/api';
import { BooksPage } from '../../../resources/book/components/books-page';
import { bookSearchSchema } from '../../../resources/book/model';
import { bookSpec } from '../../../resources/book/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/web/book')({
  staticData: { title: msg`Books`, ...bookSpec.menu, roles: bookSpec.roles },
  ...listRoute(bookSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(booksQuery(deps))),
  component: BooksPage,
});
