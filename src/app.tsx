import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Suspense, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { i18n } from './lib/i18n';
import { lazy } from './lib/lazy';
import { PwaRoot } from './pwa/pwa-root';
import { type AppRouter, queryClient } from './router';
import { buildTheme, cssVariablesResolver } from './shell/theme';
import { useSizeScale } from './shell/use-size-scale';
import { settingsStore } from './stores/settings';

const NotificationsHost = lazy(() => import('./shell/notifications-host'));

/**
 * Toasts: `notifications.show` only fills Mantine's store; the container that draws them (and its
 * transitions) loads with the first one, not with every page.
 */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

export { loadRouter } from './router';

/** Providers and the router, nothing else. */
export function App({ router }: { router: AppRouter }) {
  useSizeScale();
  const { theme: primary } = useSnapshot(settingsStore);
  const theme = useMemo(() => buildTheme(primary), [primary]);
  return (
    <I18nProvider i18n={i18n}>
      {/* Every CSS variable from the theme, not only those that differ from Mantine's default file,
          which the console does not download (main.tsx). */}
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        deduplicateCssVariables={false}
        cssVariablesResolver={cssVariablesResolver}
      >
        <LazyNotifications />
        <QueryClientProvider client={queryClient}>
          <PwaRoot />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
