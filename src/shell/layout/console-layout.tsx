import { Drawer } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Outlet } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { appStore, closeSidebar, SIDEBAR_WIDTH } from '../../stores/app';
import { settingsStore } from '../../stores/settings';
import { ShortcutsHelp } from '../shortcuts/shortcuts-help';
import { TagsView } from '../tags-view/tags-view';
import { useViewScroll } from '../tags-view/use-view-scroll';
import classes from './console-layout.module.css';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { useDevice } from './use-device';

/** Collapsed desktop sidebar: icons only. */
const RAIL_WIDTH = 64;

export function ConsoleLayout() {
  useDevice();
  useViewScroll();
  const { sidebar, device } = useSnapshot(appStore);
  const { tagsView, fixedHeader } = useSnapshot(settingsStore);
  const mobile = device === 'mobile';
  return (
    <ModalsProvider>
      <div className={classes.layout} data-device={device} data-sidebar={sidebar.opened ? 'open' : 'closed'}>
        {mobile ? (
          <Drawer
            opened={sidebar.opened}
            onClose={() => closeSidebar(false)}
            size={SIDEBAR_WIDTH}
            withCloseButton={false}
            padding={0}
            // Exactly 210 CSS px: Mantine turns a numeric size into rem, which the size selector scales.
            styles={{ content: { flex: `0 0 ${SIDEBAR_WIDTH}px` }, body: { height: '100%', padding: 0 } }}
          >
            <Sidebar collapsed={false} onNavigate={() => closeSidebar(false)} />
          </Drawer>
        ) : (
          <nav
            className={classes.sidebar}
            style={{ width: sidebar.opened ? SIDEBAR_WIDTH : RAIL_WIDTH }}
            data-animate={!sidebar.withoutAnimation}
          >
            <Sidebar collapsed={!sidebar.opened} />
          </nav>
        )}
        <div className={classes.main}>
          <div className={classes.header} data-fixed={fixedHeader}>
            <Navbar />
            {tagsView && <TagsView />}
          </div>
          <main className={classes.content} id="main-content">
            <Outlet />
          </main>
          <ShortcutsHelp />
        </div>
      </div>
    </ModalsProvider>
  );
}
