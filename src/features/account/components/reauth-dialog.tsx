import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Code } from '../../../contract/envelope';
import { ApiError } from '../../../lib/http';
import { reauth } from '../mfa-api';
import { reauthState, settleReauth } from '../reauth-state';

/**
 * "Confirm it's you" (ASVS 7.5.1): before a change of sign-in details in a session older than a
 * few minutes, the password or a code of the second factor. Mounted once on the account page.
 */
export function ReauthDialog() {
  const { t } = useLingui();
  const { open } = useSnapshot(reauthState);
  const [how, setHow] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (confirmed: boolean) => {
    setValue('');
    setError(null);
    settleReauth(confirmed);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError(how === 'password' ? t`Enter your current password` : t`Please enter the code`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await reauth(how === 'password' ? { password: value } : { code: value.trim() });
      close(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.Invalid)
        setError(
          how === 'password'
            ? t`That is not your current password`
            : t`That code is not right, or it was used already. Try the next one.`,
        );
      else if (err instanceof ApiError && err.code === Code.TooManyRequests)
        setError(t`Too many wrong attempts: try again later`);
      else setError(err instanceof Error ? err.message : t`Error`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={open}
      onClose={() => close(false)}
      title={t`Confirm it's you`}
      closeButtonProps={{ 'aria-label': t`Close` }}
      data-testid="reauth-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            <Trans>You signed in a while ago. Before changing how you sign in, confirm it is you.</Trans>
          </Text>
          <SegmentedControl
            value={how}
            onChange={(v) => {
              setHow(v as 'password' | 'code');
              setValue('');
              setError(null);
            }}
            data={[
              { value: 'password', label: t`Password` },
              { value: 'code', label: t`Authenticator code` },
            ]}
          />
          {how === 'password' ? (
            <PasswordInput
              label={t`Current password`}
              autoComplete="current-password"
              data-autofocus
              value={value}
              error={error}
              onChange={(e) => setValue(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
            />
          ) : (
            <TextInput
              label={t`Code from your authenticator app, or a recovery code`}
              autoComplete="one-time-code"
              inputMode="numeric"
              data-autofocus
              value={value}
              error={error}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
