import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { queryClient } from '../lib/query-client';

/**
 * `/redirect/<path>` re-enters a page (the tags view's Refresh): the page unmounts while this route
 * shows, its queries are marked stale, and it mounts again fresh.
 */
export const Route = createFileRoute('/redirect/$')({ component: Redirect });

function Redirect() {
  const { _splat } = Route.useParams();
  const searchStr = useLocation({ select: (l) => l.searchStr });
  const navigate = useNavigate();
  useEffect(() => {
    void queryClient.invalidateQueries();
    void navigate({ href: `/${_splat ?? ''}${searchStr}`, replace: true });
  }, [_splat, searchStr, navigate]);
  return null;
}
