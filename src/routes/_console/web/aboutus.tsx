import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { aboutQuery, linksQuery } from '../../../resources/about/api';
import { AboutUsPage } from '../../../resources/about/components/about-us-page';
import { aboutSpec } from '../../../resources/about/spec';

export const Route = createFileRoute('/_console/web/aboutus')({
  staticData: { title: msg`About us`, ...aboutSpec.menu, roles: aboutSpec.roles },
  // Started, not awaited: the page shows skeletons at once.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(aboutQuery());
    void queryClient.prefetchQuery(linksQuery());
  },
  component: AboutUsPage,
});
