import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { dropWrite, type PendingWrite, refusalText } from '../../../lib/offline/pending-writes';
import { timeAgo, underAMinute } from '../../format';
import { RetryState } from '../list/list-error';

/** The list came from the offline cache: say so, and how old it is (updated every minute). */
export function OfflineBanner({ cachedAt }: { cachedAt: number }) {
  const { i18n } = useLingui();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const at = Math.max(now, cachedAt);
  const ago = timeAgo(cachedAt, i18n.locale, at);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconWifiOff size={18} aria-hidden />}
      data-testid="offline-banner"
      p="xs"
    >
      <Text size="sm">
        {underAMinute(cachedAt, at) ? (
          <Trans>
            Offline — showing data saved just now. Actions that need the server are unavailable until you are back
            online.
          </Trans>
        ) : (
          <Trans>
            Offline — showing data from {ago}. Actions that need the server are unavailable until you are back online.
          </Trans>
        )}
      </Text>
    </Alert>
  );
}

/** Offline, and this list was never opened on this device while online: nothing to show yet. */
export function OfflineEmpty(retry: { onRetry: () => void; retrying: boolean }) {
  return (
    <RetryState
      testId="offline-empty"
      role="status"
      title={<Trans>You are offline</Trans>}
      description={
        <Trans>This list has not been saved on this device yet. It will load when you are back online.</Trans>
      }
      {...retry}
    />
  );
}

/**
 * Changes saved offline for this resource: waiting to be sent, or needing the user (409, refused).
 * A refused form write reopens its form (Review); a refused row action (an approval when no copy
 * was left, a reply to a message changed meanwhile) says why here, and the member dismisses it.
 */
export function PendingWritesNotice({
  writes,
  onReview,
}: {
  writes: readonly PendingWrite[];
  onReview: (w: PendingWrite) => void;
}) {
  const waiting = writes.filter((w) => w.state === 'pending').length;
  const attention = writes.filter((w) => w.state !== 'pending');
  if (writes.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconClock size={18} aria-hidden />} data-testid="pending-writes" p="xs">
      {waiting > 0 && (
        <Text size="sm">
          <Trans>{waiting} change(s) saved on this device will be sent when you are back online.</Trans>
        </Text>
      )}
      {attention.map((w) => (
        <Group key={w.id} gap="sm" mt={4} data-testid="pending-refused" wrap="nowrap">
          <Stack gap={0}>
            <Text size="sm" c="red">
              {w.state === 'conflict' ? (
                <Trans>Not sent, someone else changed the record: {w.title}</Trans>
              ) : (
                <Trans>Not sent, the server refused it: {w.title}</Trans>
              )}
            </Text>
            {w.kind === 'desk' && w.state === 'failed' && (
              <Text size="xs" data-testid="pending-reason">
                {refusalText(w)}
              </Text>
            )}
          </Stack>
          {w.kind === 'desk' ? (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => void dropWrite(w.id)}
              data-testid="pending-dismiss"
            >
              <Trans>Dismiss</Trans>
            </Button>
          ) : (
            <Button size="compact-xs" variant="light" onClick={() => onReview(w)} data-testid="pending-review">
              <Trans>Review</Trans>
            </Button>
          )}
        </Group>
      ))}
    </Alert>
  );
}
