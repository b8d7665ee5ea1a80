import { Trans } from '@lingui/react/macro';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * A screen that could not be opened, drawn in place of the screen inside the console's frame (the
 * menu, the tabs and an upload's progress stay): offline, its code is not on this device yet (a
 * first session, before the service worker holds the console). Back online, or on Try again, the
 * router loads it again; never a reload of the page (lib/offline/chunk-failures.ts).
 */
export function ScreenError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [offline, setOffline] = useState(() => !navigator.onLine);
  useEffect(() => {
    // The router loads the screen's code again first; only then is the screen drawn again (drawn
    // before, it would meet the old failure once more).
    const retry = () => void router.invalidate().then(reset);
    const online = () => {
      setOffline(false);
      retry();
    };
    const gone = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', gone);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', gone);
    };
  }, [reset, router]);
  return (
    <Center mih={240} p="xl" data-testid="screen-error">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2} size="h4" ta="center">
          {offline ? (
            <Trans>This page is not available offline yet</Trans>
          ) : (
            <Trans>This page could not be opened</Trans>
          )}
        </Title>
        <Text c="dimmed" ta="center" size="sm">
          {offline ? (
            <Trans>It opens as soon as you are back online. Everything else keeps working meanwhile.</Trans>
          ) : (
            error instanceof Error && error.message
          )}
        </Text>
        <Button variant="light" onClick={() => void router.invalidate().then(reset)}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
