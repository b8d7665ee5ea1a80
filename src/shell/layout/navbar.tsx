import { useLingui } from '@lingui/react/macro';
import { Burger, Group } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { UploadIndicatorSlot } from '../../features/video-upload/components/upload-indicator-slot';
import { appStore, toggleSidebar } from '../../stores/app';
import { ErrorLogButton } from '../error-log/error-log-button';
import { HeaderSearch } from '../search/header-search';
import { SettingsButton } from '../settings/settings-button';
import { AvatarMenu } from './avatar-menu';
import { Breadcrumb } from './breadcrumb';
import { FullscreenButton } from './fullscreen-button';
import { LanguageMenu } from './language-menu';
import classes from './navbar.module.css';
import { SizeMenu } from './size-menu';

export function Navbar() {
  const { t } = useLingui();
  const { sidebar } = useSnapshot(appStore);
  return (
    <header className={classes.navbar}>
      <Burger
        opened={sidebar.opened}
        onClick={toggleSidebar}
        size="sm"
        aria-label={sidebar.opened ? t`Collapse sidebar` : t`Expand sidebar`}
        data-testid="hamburger"
      />
      <Breadcrumb />
      <Group gap={4} ml="auto" wrap="nowrap">
        <HeaderSearch />
        <UploadIndicatorSlot />
        <ErrorLogButton />
        <FullscreenButton />
        <SizeMenu />
        <LanguageMenu />
        <SettingsButton />
        <AvatarMenu />
      </Group>
    </header>
  );
}
