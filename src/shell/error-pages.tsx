import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FORBIDDEN_TITLE, NOT_FOUND_TITLE } from './error-titles';
import { useBootShellRemoved } from './layout/frame-shell';

/** A full page for an error the console answers with its own screen; `title` is also the tab's title. */
function ErrorPage({ code, title, text }: { code: string; title: MessageDescriptor; text: React.ReactNode }) {
  const router = useRouter();
  const { i18n } = useLingui();
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" maw={480}>
        <Text fz={96} fw={800} c="lectern" lh={1}>
          {code}
        </Text>
        <Title order={2} ta="center">
          {i18n._(title)}
        </Title>
        <Text c="dimmed" ta="center">
          {text}
        </Text>
        <Group>
          <Button variant="default" onClick={() => router.history.back()}>
            <Trans>Go back</Trans>
          </Button>
          <Button component={Link} to="/">
            <Trans>Back to home</Trans>
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  return (
    <ErrorPage
      code="404"
      title={NOT_FOUND_TITLE}
      text={<Trans>Check the address, or go back to where you came from.</Trans>}
    />
  );
}

export function ForbiddenPage() {
  return (
    <ErrorPage
      code="401"
      title={FORBIDDEN_TITLE}
      text={<Trans>Your role does not include this page. Ask an administrator if you need it.</Trans>}
    />
  );
}

/** Landing page of a third-party sign-in popup: hands the code to the opener and closes. */
export function AuthRedirectPage() {
  useEffect(() => {
    localStorage.setItem('x-admin-oauth-code', window.location.search.slice(1));
    window.close();
  }, []);
  return (
    <Center mih="100vh">
      <Text>
        <Trans>Signing you in…</Trans>
      </Text>
    </Center>
  );
}

/**
 * The server could not be reached while the session was being checked (offline with nothing
 * cached, or a request cut short): the session is kept, and Retry checks again.
 */
export function ConnectionErrorPage() {
  useBootShellRemoved();
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" maw={480}>
        <Title order={2} ta="center">
          <Trans>The server cannot be reached</Trans>
        </Title>
        <Text c="dimmed" ta="center">
          <Trans>You are still signed in. Check the connection and try again.</Trans>
        </Text>
        <Button onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
