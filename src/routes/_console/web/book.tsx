import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { booksQuery } from '../../../resources/book/api';
import { BooksPage } from '../../../resources/book/components/books-page';
import { bookSearchSchema } from '../../../resources/book/model';
import { bookSpec } from '../../../resources/book/spec';

export const Route = createFileRoute('/_console/web/book')({
  staticData: { title: msg`Books`, ...bookSpec.menu, roles: bookSpec.roles },
  validateSearch: bookSearchSchema,
  // Defaults stay out of the URL: /web/book, not /web/book?pageNum=1&pageSize=10.
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the page shows skeleton rows at once, and a failure lands in the
  // list's own error state (with Retry) instead of the route's error boundary.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(booksQuery(deps));
  },
  component: BooksPage,
});
