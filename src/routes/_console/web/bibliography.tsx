import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { bibliographyQuery } from '../../../resources/bibliography/api';
import { BibliographyPage } from '../../../resources/bibliography/components/bibliography-page';
import { bibliographySearchSchema } from '../../../resources/bibliography/model';
import { bibliographySpec } from '../../../resources/bibliography/spec';

export const Route = createFileRoute('/_console/web/bibliography')({
  staticData: { title: msg`Bibliography`, ...bibliographySpec.menu, roles: bibliographySpec.roles },
  validateSearch: bibliographySearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: skeleton rows at once; a failure lands in the list's error state.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(bibliographyQuery(deps));
  },
  component: BibliographyPage,
});
