import type { Role } from '../../contract/auth';
import { findRoute, hasPermission } from '../../lib/access';
import type { RouteNode } from '../../lib/route-meta';
import { type Noun, SPECS } from '../../resources/specs';

/** Where a card (keyed by its noun) links to: its noun's screen, or undefined when the roles may not open it. */
export function cardLink(noun: Noun, roles: readonly Role[], tree: readonly RouteNode[]): string | undefined {
  const path = SPECS[noun].menu?.screen;
  if (!path) return undefined;
  return hasPermission(roles, findRoute(tree, path)?.meta) ? path : undefined;
}
