import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { markWarningLoaded, renewSession } from '../../lib/session-end';

/**
 * The notice before the session's end (renewal.ts schedules it): the time left, in whole minutes
 * so a screen reader hears it change once a minute and not every second, and "Sign in again",
 * which renews now in the dialog. Not blocking: the member may finish what they are doing first.
 * At the end it says so and stays until the member renews (the next refused request opens the
 * dialog anyway).
 */
const ID = 'lectern-session-end';
markWarningLoaded();

let shown = false;

export function showSessionWarning(endsAt: number): void {
  const props = {
    id: ID,
    color: 'yellow',
    withBorder: true,
    autoClose: false as const,
    // A polite live region: announced once, without interrupting what is being read.
    role: 'status',
    closeButtonProps: { 'aria-label': t`Close` },
    title: <Title endsAt={endsAt} />,
    message: <Body endsAt={endsAt} />,
    onClose: () => {
      shown = false;
    },
  };
  if (shown) notifications.update(props);
  else notifications.show(props);
  shown = true;
}

export function hideSessionWarning(): void {
  if (!shown) return;
  shown = false;
  notifications.hide(ID);
}

/** Minutes left, rounded up; 0 once the end has passed. Refreshed every few seconds. */
function useMinutesLeft(endsAt: number): number {
  const left = () => Math.max(0, Math.ceil((endsAt - Date.now()) / 60_000));
  const [minutes, setMinutes] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => setMinutes(left()), 5_000);
    return () => clearInterval(timer);
  });
  return minutes;
}

function Title({ endsAt }: { endsAt: number }) {
  const minutes = useMinutesLeft(endsAt);
  return minutes > 0 ? <Trans>Your session ends soon</Trans> : <Trans>Your session has ended</Trans>;
}

function Body({ endsAt }: { endsAt: number }) {
  const minutes = useMinutesLeft(endsAt);
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Text size="sm" data-testid="session-time-left">
        {minutes > 0
          ? t`Sign in again within ${plural(minutes, { one: '# minute', other: '# minutes' })} to keep working without a break.`
          : t`Sign in again to carry on; nothing on this screen is lost.`}
      </Text>
      <Button
        size="xs"
        variant="filled"
        color="dark"
        onClick={() => void renewSession(minutes > 0 ? 'early' : 'ended')}
      >
        <Trans>Sign in again</Trans>
      </Button>
    </Group>
  );
}
