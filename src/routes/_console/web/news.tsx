import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { newsQuery } from '../../../resources/news/api';
import { NewsPage } from '../../../resources/news/components/news-page';
import { newsSearchSchema } from '../../../resources/news/model';
import { newsSpec } from '../../../resources/news/spec';

export const Route = createFileRoute('/_console/web/news')({
  staticData: { title: msg`News`, ...newsSpec.menu, roles: newsSpec.roles },
  validateSearch: newsSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(newsQuery(deps));
  },
  component: NewsPage,
});
