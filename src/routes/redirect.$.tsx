import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/redirect/<path>` re-enters a page (the tags view's Refresh uses it). */
export const Route = createFileRoute('/redirect/$')({
  beforeLoad: ({ params, location }) => {
    throw redirect({ href: `/${params._splat ?? ''}${location.searchStr}`, replace: true });
  },
});
