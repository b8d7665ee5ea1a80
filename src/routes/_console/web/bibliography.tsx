import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { bibliographyQuery } from '../../../resources/bibliography/api';
import { BibliographyPage } from '../../../resources/bibliography/components/bibliography-page';
import { bibliographySearchSchema } from '../../../resources/bibliography/model';
import { bibliographySpec } from '../../../resources/bibliography/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/web/bibliography')({
  staticData: { title: msg`Bibliography`, ...bibliographySpec.menu, roles: bibliographySpec.roles },
  ...listRoute(bibliographySearchSchema, (deps, queryClient) => queryClient.prefetchQuery(bibliographyQuery(deps))),
  component: BibliographyPage,
});
