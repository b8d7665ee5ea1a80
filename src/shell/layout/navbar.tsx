import { useLingui } from '@lingui/react/macro';
import { Burger, Group, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { appStore, toggleSidebar } from '../../stores/app';
import { settingsStore } from '../../stores/settings';
import { ErrorLogButton } from '../error-log/error-log-button';
import { HeaderSearch } from '../search/header-search';
import { SettingsButton } from '../settings/settings-button';
import { AvatarMenu } from './avatar-menu';
import { Breadcrumb } from './breadcrumb';
import { FullscreenButton } from './fullscreen-button';
import { LanguageMenu } from './language-menu';
import classes from './navbar.module.css';
import { SizeMenu } from './size-menu';

/** `forced`: the password must be changed first, so nothing here leads to another page. */
/** `extra`: what the route tree puts beside the header tools (the upload indicator); the shell knows no features. */
export function Navbar({ forced = false, extra }: { forced?: boolean; extra?: ReactNode }) {
  const { t } = useLingui();
  const { sidebar } = useSnapshot(appStore);
  const { title } = useSnapshot(settingsStore);
  return (
    <header className={classes.navbar}>
      {forced ? (
        // Nothing to navigate to yet; the product's name says where one is.
        <Group gap={8} wrap="nowrap" aria-hidden>
          <IconBook2 size={22} stroke={1.6} color="var(--mantine-color-lectern-6)" />
          <Text fw={700}>{title}</Text>
        </Group>
      ) : (
        <>
          <Burger
            opened={sidebar.opened}
            onClick={toggleSidebar}
            size="sm"
            aria-label={sidebar.opened ? t`Collapse sidebar` : t`Expand sidebar`}
            data-testid="hamburger"
          />
          <Breadcrumb />
        </>
      )}
      <Group gap={4} ml="auto" wrap="nowrap">
        {!forced && <HeaderSearch />}
        {!forced && extra}
        <ErrorLogButton />
        <FullscreenButton />
        <SizeMenu />
        <LanguageMenu />
        <SettingsButton />
        <AvatarMenu forced={forced} />
      </Group>
    </header>
  );
}
