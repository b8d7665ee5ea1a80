import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { notifySuccess } from '../../../components/notify';
import { sessionStore } from '../../../stores/session';
import { useRunReminders } from '../api';

/**
 * Admins: make today's notices now instead of waiting for the daily run (the same job; a second
 * run the same day adds only what changed since). Errors show as every request's do (lib/http.ts).
 */
export function RunNowButton() {
  const { t } = useLingui();
  const { roles } = useSnapshot(sessionStore);
  const run = useRunReminders();
  if (!roles.includes('admin')) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconSend size={16} aria-hidden />}
      loading={run.isPending}
      data-testid="reminder-run"
      onClick={() => run.mutate(undefined, { onSuccess: () => notifySuccess(t`Reminders are being made`) })}
    >
      <Trans>Run now</Trans>
    </Button>
  );
}
