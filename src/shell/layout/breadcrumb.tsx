import { useLingui } from '@lingui/react/macro';
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { findRoute, routeChain } from '../../lib/access';
import { useShownLocation } from '../shown-location';
import { useRouteTree } from '../use-route-tree';

/** Home › group › page, from route meta (a route with breadcrumb: false is left out). */
export function Breadcrumb() {
  const tree = useRouteTree();
  const { i18n, t } = useLingui();
  const { pathname } = useShownLocation();
  // A record page (/web/book/12) is the route /web/book/$id in the tree.
  const chain = routeChain(tree, findRoute(tree, pathname)?.path ?? pathname).filter(
    (n) => n.meta && n.meta.breadcrumb !== false,
  );
  const home = tree[0];
  const items = home && chain[0]?.path !== home.path ? [home, ...chain] : chain;
  return (
    <Box component="nav" aria-label={t`Breadcrumb`} visibleFrom="xs">
      <Breadcrumbs separator="/" fz="sm">
        {items.map((node, i) => {
          const label = node.meta ? i18n._(node.meta.title) : node.path;
          const last = i === items.length - 1;
          const target = node.redirect ?? node.path;
          return last ? (
            <Text key={node.path} size="sm" c="dimmed" aria-current="page">
              {label}
            </Text>
          ) : (
            <Anchor key={node.path} component={Link} to={target} size="sm">
              {label}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}
