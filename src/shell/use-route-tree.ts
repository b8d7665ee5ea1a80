import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { type RouteNode, routeNodes } from '../lib/route-meta';

/** The console's menu tree, read from the router's routes and their `staticData`. */
export function useRouteTree(): RouteNode[] {
  const router = useRouter();
  return useMemo(() => routeNodes(router.routeTree), [router]);
}
