import { Trans, useLingui } from '@lingui/react/macro';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { login } from '../../lib/auth';

let prefetched = false;

/**
 * While the user types, the console's code (its layout and Home) comes down, so signing in shows
 * it at once; not before the first keystroke, so it never competes with the sign-in page itself.
 * Only the code: no loader or guard runs.
 */
function prefetchConsole(router: AnyRouter): void {
  if (prefetched) return;
  prefetched = true;
  for (const id of ['/_console', '/_console/index']) {
    const route = router.routesById[id];
    if (route) void Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
  }
}

interface Props {
  kind: 'staff' | 'admin';
  userLabel: string;
  userPlaceholder: string;
  passwordPlaceholder: string;
  onSuccess(): void;
}

/** One sign-in form; the tabs differ only in what the user name is (phone or account). */
export function LoginForm({ kind, userLabel, userPlaceholder, passwordPlaceholder, onSuccess }: Props) {
  const { t } = useLingui();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { userName: '', password: '' },
    validate: {
      userName: (v) => (v.trim() ? null : t`Please enter your ${userLabel.toLowerCase()}`),
      password: (v) => (v ? null : t`Please enter your password`),
    },
  });

  const submit = form.onSubmit(async ({ userName, password }) => {
    setBusy(true);
    try {
      await login(userName, password);
      onSuccess();
    } catch {
      // The http client has shown the server's message; the form stays as it was.
      setBusy(false);
    }
  });

  return (
    <form
      onSubmit={submit}
      onInputCapture={() => prefetchConsole(router)}
      noValidate
      aria-label={kind === 'staff' ? t`Staff sign-in` : t`Administrator sign-in`}
    >
      <Stack gap="md">
        <TextInput
          label={userLabel}
          placeholder={userPlaceholder}
          autoComplete="username"
          inputMode={kind === 'staff' ? 'tel' : 'text'}
          data-autofocus
          key={form.key('userName')}
          {...form.getInputProps('userName')}
        />
        <PasswordInput
          label={t`Password`}
          placeholder={passwordPlaceholder}
          autoComplete="current-password"
          onKeyUp={(e) => setCapsLock(e.getModifierState('CapsLock'))}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        {capsLock && (
          <Text size="xs" c="orange">
            <Trans>Caps Lock is on</Trans>
          </Text>
        )}
        <Button type="submit" loading={busy} fullWidth size="md">
          <Trans>Sign in</Trans>
        </Button>
      </Stack>
    </form>
  );
}
