import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Center, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBook2, IconShieldLock, IconUser } from '@tabler/icons-react';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { safeRedirect } from '../../lib/paths';
import { LanguageSelect } from './language-select';
import { LoginForm } from './login-form';
import classes from './login-page.module.css';

const route = getRouteApi('/login');

/** Sign-in with two tabs (SPEC.md §2): staff by phone number, administrators by account name. */
export function LoginPage() {
  const { t } = useLingui();
  const { redirect } = route.useSearch();
  const router = useRouter();
  const [tab, setTab] = useState<string | null>('staff');

  const done = () => router.navigate({ href: safeRedirect(redirect), replace: true });

  return (
    <Box className={classes.page}>
      <Group className={classes.lang}>
        <LanguageSelect />
      </Group>
      <Center mih="100vh" p="md">
        <Paper className={classes.card} shadow="lg" radius="md" p="xl" withBorder>
          <Stack gap={4} align="center" mb="lg">
            <IconBook2 size={40} stroke={1.5} color="var(--mantine-color-lectern-6)" aria-hidden />
            <Title order={1} fz={26}>
              Lectern
            </Title>
            <Text c="dimmed" size="sm">
              <Trans>Library back office</Trans>
            </Text>
          </Stack>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="staff" leftSection={<IconUser size={16} />}>
                <Trans>Staff</Trans>
              </Tabs.Tab>
              <Tabs.Tab value="admin" leftSection={<IconShieldLock size={16} />}>
                <Trans>Administrator</Trans>
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="staff">
              <LoginForm
                kind="staff"
                userLabel={t`Phone number`}
                userPlaceholder={t`Staff phone number`}
                passwordPlaceholder={t`Staff password`}
                onSuccess={done}
              />
            </Tabs.Panel>
            <Tabs.Panel value="admin">
              <LoginForm
                kind="admin"
                userLabel={t`Account`}
                userPlaceholder={t`Administrator account`}
                passwordPlaceholder={t`Administrator password`}
                onSuccess={done}
              />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Center>
    </Box>
  );
}
