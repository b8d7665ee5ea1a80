import type { MessageDescriptor } from '@lingui/core';
import type { ResourceSpec } from '../contract/resource-spec';
import type { RouteMeta } from '../lib/route-meta';

/**
 * A record page's route meta, taken from its list's: hidden from the menu, which highlights the
 * list (`list`, its path) instead, with the list's icon and roles (who may see the list may open
 * its records).
 */
export const recordPageMeta = (title: MessageDescriptor, spec: ResourceSpec, list: string): RouteMeta => ({
  title,
  icon: spec.menu?.icon,
  roles: spec.roles,
  hidden: true,
  activeMenu: list,
});
