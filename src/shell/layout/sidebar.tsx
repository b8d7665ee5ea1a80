import { useLingui } from '@lingui/react/macro';
import { Box, Group, NavLink, Text, UnstyledButton } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Menu, Tooltip } from '../../components/floating';
import { filterRoutes, findRoute, menuRoutes } from '../../lib/access';
import type { RouteNode } from '../../lib/route-meta';
import { sessionStore } from '../../stores/session';
import { settingsStore } from '../../stores/settings';
import { hasLiveBadge, LiveBadge } from '../live-badge';
import { MENU_ICONS } from '../menu-icons';
import { useShownLocation } from '../shown-location';
import { useRouteTree } from '../use-route-tree';
import classes from './sidebar.module.css';

interface Props {
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The menu: the route tree filtered by the signed-in roles. */
export function Sidebar({ collapsed, onNavigate }: Props) {
  const tree = useRouteTree();
  const { t } = useLingui();
  const { roles } = useSnapshot(sessionStore);
  const { sidebarLogo, title } = useSnapshot(settingsStore);
  const { pathname } = useShownLocation();
  const active = findRoute(tree, pathname)?.meta?.activeMenu ?? pathname;
  const routes = menuRoutes(filterRoutes(tree, roles));
  return (
    <Box className={classes.root} data-collapsed={collapsed}>
      {sidebarLogo && (
        <Link to="/index" className={classes.logo} onClick={onNavigate} aria-label={title}>
          <IconBook2 size={24} stroke={1.6} />
          {!collapsed && (
            <Text fw={700} truncate>
              {title}
            </Text>
          )}
        </Link>
      )}
      <div className={classes.scroll}>
        {/* data-menu: the layout audit holds the menu's labels to being whole (layout-checks.ts). */}
        <nav aria-label={t`Menu`} data-menu>
          {routes.map((node) =>
            collapsed ? (
              <RailItem key={node.path} node={node} active={activeWithin(node, active)} />
            ) : (
              <MenuItem key={node.path} node={node} active={activeWithin(node, active)} onNavigate={onNavigate} />
            ),
          )}
        </nav>
      </div>
    </Box>
  );
}

/**
 * The current screen's path for the item on the way to it, '' for the others: with the items
 * memoised, a navigation draws again only the two whose state changes (the menu has some twenty,
 * each a Mantine NavLink around a router Link), not the whole menu.
 */
const activeWithin = (node: RouteNode, active: string) => (holds(node, active) ? active : '');

/** A group holds its children wherever their URLs are (Images, /users/image, is listed under /web). */
const holds = (node: RouteNode, active: string): boolean =>
  active === node.path ||
  (node.children ? node.children.some((c) => holds(c, active)) : active.startsWith(`${node.path}/`));

const MenuItem = memo(function MenuItem({
  node,
  active,
  onNavigate,
}: {
  node: RouteNode;
  active: string;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const Icon = node.meta?.icon ? MENU_ICONS[node.meta.icon] : undefined;
  const title = node.meta ? i18n._(node.meta.title) : node.path;
  // The live count (applications, messages) sits in the label, so it is part of the link's name.
  // The title gives way (onto a second line), the count never: it was cut to "!" for 99+ and to
  // half a circle by the label's hidden overflow.
  const label = hasLiveBadge(node.path) ? (
    <Group gap={6} wrap="nowrap" justify="space-between" className={classes.counted}>
      <span className={classes.countedTitle}>{title}</span>
      <LiveBadge path={node.path} />
    </Group>
  ) : (
    title
  );
  const icon = Icon ? <Icon size={18} stroke={1.6} /> : undefined;
  // A group's header is a real button that says whether it is open, so keyboard and screen-reader
  // users reach the pages inside (Mantine renders an <a> without href, which takes no focus).
  const [opened, setOpened] = useState(() => active !== '' && active !== node.path);
  if (node.children) {
    return (
      <NavLink
        component="button"
        type="button"
        label={label}
        leftSection={icon}
        opened={opened}
        onChange={setOpened}
        aria-expanded={opened}
        className={classes.link}
        childrenOffset={0}
      >
        {node.children.map((child) => (
          <MenuItem key={child.path} node={child} active={activeWithin(child, active)} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={node.path}
      label={label}
      leftSection={icon}
      active={active === node.path}
      onClick={onNavigate}
      className={classes.link}
      data-nested={node.path.split('/').length > 2 || undefined}
    />
  );
});

/** Collapsed: icons only; groups open their children in a menu. */
const RailItem = memo(function RailItem({ node, active }: { node: RouteNode; active: string }) {
  const { i18n } = useLingui();
  const Icon = node.meta?.icon ? MENU_ICONS[node.meta.icon] : MENU_ICONS.component;
  const label = node.meta ? i18n._(node.meta.title) : node.path;
  const isActive = active !== '';
  if (!node.children) {
    return (
      <Tooltip label={label} position="right">
        <UnstyledButton
          component={Link}
          to={node.path}
          className={classes.rail}
          data-active={isActive}
          aria-label={label}
        >
          <Icon size={20} stroke={1.6} />
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <Menu position="right-start" trigger="click-hover" offset={4}>
      <Menu.Target>
        <UnstyledButton className={classes.rail} data-active={isActive} aria-label={label}>
          <Icon size={20} stroke={1.6} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {node.children.map((child) => (
          <Menu.Item key={child.path} component={Link} to={child.path}>
            {child.meta ? i18n._(child.meta.title) : child.path}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
});
