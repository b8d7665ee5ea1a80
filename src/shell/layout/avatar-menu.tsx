import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHome, IconLogout, IconPassword } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Menu } from '../../components/floating';
import { PASSWORD_PATH } from '../../lib/access';
import { logout } from '../../lib/auth';
import { InstallAppItem } from '../../pwa/install-app';
import { useLaunchQueue } from '../../pwa/launch-queue';
import { sessionStore } from '../../stores/session';

/** `forced`: the password must be changed first; signing out is the one other way out. */
export function AvatarMenu({ forced = false }: { forced?: boolean }) {
  const { t } = useLingui();
  const { name, avatar, roles } = useSnapshot(sessionStore);
  const router = useRouter();
  // Always drawn with the console: files and shortcuts the installed app is launched with.
  useLaunchQueue();

  const signOut = async () => {
    // Read when signing out, not subscribed to: the menu is not drawn again on every navigation.
    const { pathname, searchStr } = router.state.location;
    const href = pathname + searchStr;
    try {
      await logout();
    } finally {
      await router.navigate({ to: '/login', search: { redirect: href } });
    }
  };

  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        {/* The name shown is part of the button's name (WCAG 2.5.3, label in name): speech users
            say what they see. */}
        <UnstyledButton aria-label={t`${name}: account menu`} data-testid="avatar-menu">
          <Group gap={6} wrap="nowrap">
            {/* No initial letter: it would be text on the button that its name does not contain. */}
            <Avatar src={avatar || undefined} alt="" aria-hidden radius="xl" size={30} color="lectern" />
            <Text size="sm" visibleFrom="sm" maw={120} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{roles.join(', ')}</Menu.Label>
        {!forced && (
          <>
            <Menu.Item component={Link} to="/index" leftSection={<IconHome size={16} />}>
              <Trans>Home</Trans>
            </Menu.Item>
            <Menu.Item component={Link} to={PASSWORD_PATH} leftSection={<IconPassword size={16} />}>
              <Trans>Change password</Trans>
            </Menu.Item>
            <InstallAppItem />
            <Menu.Divider />
          </>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          <Trans>Log Out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
