import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { newsQuery } from '../../../resources/news/api';
import { NewsPage } from '../../../resources/news/components/news-page';
import { newsSearchSchema } from '../../../resources/news/model';
import { newsSpec } from '../../../resources/news/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/web/news')({
  staticData: { title: msg`News`, ...newsSpec.menu, roles: newsSpec.roles },
  ...listRoute(newsSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(newsQuery(deps))),
  component: NewsPage,
});
