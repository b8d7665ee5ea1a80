import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { i18n } from './lib/i18n';
import { PwaRoot } from './pwa/pwa-root';
import { queryClient, router } from './router';
import { buildTheme } from './shell/theme';
import { useSizeScale } from './shell/use-size-scale';
import { settingsStore } from './stores/settings';

/** Providers and the router, nothing else. */
export function App() {
  useSizeScale();
  const { theme: primary } = useSnapshot(settingsStore);
  const theme = useMemo(() => buildTheme(primary), [primary]);
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="bottom-center" />
        <QueryClientProvider client={queryClient}>
          <PwaRoot />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
