import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { openConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../components/notify';
import { Code } from '../../../contract/envelope';
import type { TotpSetup } from '../../../contract/mfa';
import { ApiError } from '../../../lib/http';
import { sessionsQuery } from '../api';
import { endOtherSessions, mfaStatusQuery, regenerateRecoveryCodes, removeTotp, startTotp } from '../mfa-api';
import { RecoveryCodesView } from './recovery-codes';
import { TotpEnrol } from './totp-enrol';

/**
 * Two-step sign-in on the account page (docs/accounts.md): add an authenticator app (QR code, one
 * code to confirm, then the recovery codes shown once), make new recovery codes, remove the app.
 * Each change asks "Confirm it's you" when the session is older than a few minutes, and is
 * followed by the offer to sign out the member's other devices.
 */
export function TwoStepSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const status = useQuery(mfaStatusQuery());
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [offerEnd, setOfferEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: mfaStatusQuery().queryKey });
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      // Cancelled "Confirm it's you" is a refusal too: nothing changed, nothing to say.
      if (!(e instanceof ApiError && e.code === Code.ReauthRequired))
        setError(e instanceof Error ? e.message : t`Error`);
    } finally {
      setBusy(false);
    }
  };

  const changed = (newCodes?: string[]) => {
    if (newCodes) setCodes(newCodes);
    setOfferEnd(true);
    void refresh();
  };

  const remove = () =>
    openConfirmModal({
      title: t`Remove the authenticator app?`,
      children: t`You will sign in with your password alone, and your recovery codes stop working.`,
      labels: { confirm: t`Remove`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void run(async () => {
          await removeTotp();
          setCodes(null);
          changed();
        }),
    });

  const data = status.data;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="two-step-section">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4">
          <Trans>Two-step sign-in</Trans>
        </Title>
        {data?.totp && (
          <Badge color="green" variant="light" leftSection={<IconShieldCheck size={12} aria-hidden />}>
            <Trans>On</Trans>
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>
          After your password, a 6-digit code from an authenticator app on your phone: a stolen password alone no longer
          signs in.
        </Trans>
      </Text>
      {!data ? (
        <Skeleton h={36} maw={260} />
      ) : (
        <Stack gap="sm">
          {data.required && !data.totp && (
            <Alert color="orange" variant="light">
              <Trans>
                Your account must have two-step sign-in: you will be asked to set it up at your next sign-in.
              </Trans>
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          {codes && <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />}
          {setup ? (
            <TotpEnrol
              setup={setup}
              onCancel={() => setSetup(null)}
              onEnrolled={(c) => {
                setSetup(null);
                changed(c);
              }}
            />
          ) : data.totp ? (
            <>
              <Text size="sm">
                <Trans>Recovery codes left: {data.recoveryCodesLeft}</Trans>
              </Text>
              <Group gap="xs">
                <Button
                  variant="light"
                  loading={busy}
                  onClick={() => void run(async () => changed((await regenerateRecoveryCodes()).recoveryCodes))}
                >
                  <Trans>New recovery codes</Trans>
                </Button>
                <Button variant="subtle" color="red" disabled={busy} onClick={remove}>
                  <Trans>Remove the authenticator app</Trans>
                </Button>
              </Group>
            </>
          ) : (
            <Group>
              <Button loading={busy} onClick={() => void run(async () => setSetup(await startTotp()))}>
                <Trans>Set up an authenticator app</Trans>
              </Button>
            </Group>
          )}
          {offerEnd && !codes && (
            <Alert
              color="blue"
              variant="light"
              withCloseButton
              onClose={() => setOfferEnd(false)}
              closeButtonLabel={t`Close`}
            >
              <Text size="sm" mb="xs">
                <Trans>How you sign in has changed. Sign out your other devices too?</Trans>
              </Text>
              <Button
                size="xs"
                data-testid="end-other-sessions"
                onClick={() =>
                  void run(async () => {
                    const { ended } = await endOtherSessions();
                    setOfferEnd(false);
                    notifySuccess(t`Other devices signed out: ${ended}`);
                    void queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
                  })
                }
              >
                <Trans>Sign out other devices</Trans>
              </Button>
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
