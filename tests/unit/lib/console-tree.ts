import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeNodes } from '../../../src/lib/route-meta';
import { routeTree } from '../../../src/routeTree.gen';

/** The real router (file routes and their staticData), and the console tree the shell reads from it. */
export function consoleRouter() {
  const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as never });
  return { router, tree: routeNodes(router.routeTree) };
}

export const CONSOLE_TREE = consoleRouter().tree;
