import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { categoriesQuery } from '../../../resources/category/api';
import { CategoriesPage } from '../../../resources/category/components/categories-page';
import { categorySearchSchema } from '../../../resources/category/model';
import { categorySpec } from '../../../resources/category/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/web/category')({
  staticData: { title: msg`Categories`, ...categorySpec.menu, roles: categorySpec.roles },
  ...listRoute(categorySearchSchema, (deps, queryClient) => queryClient.prefetchQuery(categoriesQuery(deps))),
  component: CategoriesPage,
});
