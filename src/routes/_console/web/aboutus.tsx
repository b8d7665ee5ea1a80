import { createFileRoute } from '@tanstack/react-router';
import { companyQuery, linksQuery } from '../../../resources/about/api';
import { AboutUsPage } from '../../../resources/about/components/about-us-page';

export const Route = createFileRoute('/_console/web/aboutus')({
  // Started, not awaited: the page shows skeletons at once.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(companyQuery());
    void queryClient.prefetchQuery(linksQuery());
  },
  component: AboutUsPage,
});
