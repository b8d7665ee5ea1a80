import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { categoriesQuery } from '../../../resources/category/api';
import { CategoriesPage } from '../../../resources/category/components/categories-page';
import { categorySearchSchema } from '../../../resources/category/model';
import { categorySpec } from '../../../resources/category/spec';

export const Route = createFileRoute('/_console/web/category')({
  staticData: { title: msg`Categories`, ...categorySpec.menu, roles: categorySpec.roles },
  validateSearch: categorySearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(categoriesQuery(deps));
  },
  component: CategoriesPage,
});
