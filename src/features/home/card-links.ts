import type { Role } from '../../contract/auth';
import type { ResourceSpec } from '../../contract/resource-spec';
import { findRoute, hasPermission } from '../../lib/access';
import type { RouteNode } from '../../lib/route-meta';
import { SPECS } from '../../resources/specs';

/**
 * The screen each home card opens: a count is keyed by its noun's API path, so the nouns' specs say
 * where it lists. Two counts are keyed otherwise: subclasses, and the site links (edited on About us).
 */
const SCREEN_OF = new Map<string, string | undefined>([
  ...Object.values<ResourceSpec>(SPECS).map((s) => [s.api, s.menu?.screen] as const),
  ['subclass', SPECS.subclass.menu.screen],
  ['url', SPECS.about.menu.screen],
]);

/** Where a card links to, or undefined when it has no list or the roles may not open it. */
export function cardLink(key: string, roles: readonly Role[], tree: readonly RouteNode[]): string | undefined {
  const path = SCREEN_OF.get(key);
  if (!path) return undefined;
  return hasPermission(roles, findRoute(tree, path)?.meta) ? path : undefined;
}
