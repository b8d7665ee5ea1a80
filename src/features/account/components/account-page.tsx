import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { FormNotice } from '../../../components/form-notice';
import { notifySuccess } from '../../../components/notify';
import { PASSWORD_PATH } from '../../../lib/access';
import { sessionStore } from '../../../stores/session';
import { closeView, setTags, tagsStore } from '../../../stores/tags-view';
import { sessionsQuery } from '../api';
import { personalWords } from '../model';
import { ChangePasswordForm } from './change-password-form';
import { PasskeysPanel } from './passkeys-panel';
import { ReauthDialog } from './reauth-dialog';
import { RecentSignIns } from './recent-sign-ins';
import { SessionsList } from './sessions-list';
import { TwoStepSection } from './two-step-section';

interface Props {
  /** Where the member was going when the change was required; reached once it is done. */
  redirect?: string;
}

/**
 * The member's own account: change the password, see and end signed-in sessions. While a change
 * is required it is the only page, and shows the form alone (every other call answers 40310).
 */
export function AccountPage({ redirect }: Props) {
  const { t } = useLingui();
  const { name, userName, mustChangePassword } = useSnapshot(sessionStore);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [changed, setChanged] = useState(false);
  /** The required change is done and the console is on its way to where the member was going. */
  const [leaving, setLeaving] = useState(false);
  const words = useMemo(() => personalWords([userName, name]), [userName, name]);
  // Drawn as the required change until the page is left: no devices list asked for meanwhile.
  const forced = mustChangePassword || leaving;

  const onChanged = () => {
    notifySuccess(t`Your password has been changed`);
    if (mustChangePassword || redirect) {
      // `mustChangePassword` is this render's: the change was required.
      if (mustChangePassword) setLeaving(true);
      void navigate({ href: redirect ?? '/', replace: true }).then(() => {
        // The frame's tabs came back with the change, this page's among them: it was only a step.
        if (mustChangePassword) setTags(closeView(tagsStore, PASSWORD_PATH));
      });
      return;
    }
    // The server signed out every other device.
    void queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
    setChanged(true);
  };

  return (
    <Stack gap="md" maw={960}>
      {forced && (
        <Alert color="orange" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="password-required">
          <Text size="sm" fw={600}>
            <Trans>Choose a new password to continue</Trans>
          </Text>
          <Text size="sm">
            <Trans>
              Your password was set for you (by an administrator, or when Lectern was installed). Until you choose your
              own, the rest of the console stays closed.
            </Trans>
          </Text>
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          <Trans>Change password</Trans>
        </Title>
        {changed && (
          <FormNotice
            color="green"
            icon={IconCircleCheck}
            data-testid="password-changed"
            withCloseButton
            onClose={() => setChanged(false)}
            closeButtonLabel={t`Close`}
          >
            <Trans>
              Your password has been changed. You stay signed in here; your other devices have been signed out.
            </Trans>
          </FormNotice>
        )}
        <ChangePasswordForm account={userName} userWords={words} onChanged={onChanged} forced={forced} />
      </Paper>
      {!forced && <PasskeysPanel />}
      {!forced && <TwoStepSection />}
      {!forced && (
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb={4}>
            <Trans>Signed-in devices</Trans>
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            <Trans>
              Where your account is signed in. End a session you do not recognise: that device is signed out at its next
              request. Changing your password signs out every device but this one.
            </Trans>
          </Text>
          <SessionsList />
        </Paper>
      )}
      {!forced && (
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb={4}>
            <Trans>Recent sign-ins</Trans>
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            <Trans>
              The last ten sign-ins to your account, failed ones too. One you do not recognise? Change your password.
            </Trans>
          </Text>
          <RecentSignIns />
        </Paper>
      )}
      <ReauthDialog />
    </Stack>
  );
}
