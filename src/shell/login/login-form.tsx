import { Trans, useLingui } from '@lingui/react/macro';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { login } from '../../lib/auth';

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
    <form onSubmit={submit} noValidate aria-label={kind === 'staff' ? t`Staff sign-in` : t`Administrator sign-in`}>
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
