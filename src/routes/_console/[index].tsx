import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { systemInfoQuery } from '../../features/home/api';
import { HomePage } from '../../features/home/components/home-page';

/** /index, the home page ('[index]' escapes the name so it is a path, not an index route). */
export const Route = createFileRoute('/_console/index')({
  staticData: { title: msg`Home`, icon: 'dashboard', roles: 'everyone', affix: true, order: 0 },
  // Started, not awaited: cards show skeletons, and a failure shows in the page with Retry.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(systemInfoQuery());
  },
  component: HomePage,
});
