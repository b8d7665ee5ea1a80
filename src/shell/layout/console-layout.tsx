import { type ReactNode, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ConfirmModals } from '../../components/confirm-modal';
import { lazy } from '../../lib/lazy';
import { appStore, SIDEBAR_WIDTH } from '../../stores/app';
import { sessionStore } from '../../stores/session';
import { settingsStore } from '../../stores/settings';
import { LiveRoot } from '../live-root';
import { ShortcutsHelp } from '../shortcuts/shortcuts-help';
import { TagsView } from '../tags-view/tags-view';
import { useViewScroll } from '../tags-view/use-view-scroll';
import classes from './console-layout.module.css';
import { InTransition, ScreenOutlet } from './first-screen';
import { FrameShell } from './frame-shell';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { useDevice } from './use-device';
import { useForcedPasswordChange } from './use-forced-password-change';

// A phone's menu drawer (and the modal code under it) loads when the menu is first opened.
const MobileSidebar = lazy(() => import('./mobile-sidebar'));

/** Collapsed desktop sidebar: icons only. */
const RAIL_WIDTH = 64;

/** The console's frame (sidebar, header, tabs) around its screens, built in a transition (first-screen.tsx). */
export function ConsoleLayout(props: { navbarExtra?: ReactNode } = {}) {
  return (
    <InTransition fallback={<FrameShell />}>
      <Frame {...props} />
    </InTransition>
  );
}

/**
 * What the frame does on every change of address, apart from the frame: these hooks read the
 * location, and in the frame itself each navigation would render the whole header again (its
 * menus and buttons) inside the click's task.
 */
function OnNavigation(): null {
  useViewScroll();
  useForcedPasswordChange();
  return null;
}

function Frame({ navbarExtra }: { navbarExtra?: ReactNode }) {
  useDevice();
  // Until the password is changed only the change page is open: no menu, tabs or page search.
  const forced = useSnapshot(sessionStore).mustChangePassword;
  const { sidebar, device } = useSnapshot(appStore);
  const { tagsView, fixedHeader } = useSnapshot(settingsStore);
  const mobile = device === 'mobile';
  // Once opened, the drawer stays mounted (its closing transition, the next opening).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (mobile && sidebar.opened && !drawerUsed) setDrawerUsed(true);
  return (
    <>
      <div className={classes.layout} data-device={device} data-sidebar={sidebar.opened ? 'open' : 'closed'}>
        {forced ? null : mobile ? (
          drawerUsed && (
            <Suspense fallback={null}>
              <MobileSidebar />
            </Suspense>
          )
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
            <Navbar forced={forced} extra={navbarExtra} />
            {tagsView && !forced && <TagsView />}
          </div>
          <main className={classes.content} id="main-content">
            <ScreenOutlet />
          </main>
          <ShortcutsHelp />
        </div>
      </div>
      <OnNavigation />
      <ConfirmModals />
      {/* Badges, fresh lists and presence (live-root.tsx); not while only the password page is open. */}
      {!forced && <LiveRoot />}
    </>
  );
}
