import { useLingui } from '@lingui/react/macro';
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  disableNotifications,
  enableNotifications,
  type NoticePermission,
  notificationPermission,
} from '../../pwa/notifications';
import { settingsStore } from '../../stores/settings';

/**
 * Notifications of uploads and videos, off by default. Turning it on asks the browser (only on
 * this click); a browser that refuses, or cannot notify, is said under the switch.
 */
export function NotificationsSwitch() {
  const { t, i18n } = useLingui();
  const { notifications } = useSnapshot(settingsStore);
  const [permission, setPermission] = useState<NoticePermission>(notificationPermission);
  const [asking, setAsking] = useState(false);
  const blocked = permission === 'denied' || permission === 'unsupported';

  const onChange = async (on: boolean) => {
    if (!on) return disableNotifications(i18n);
    setAsking(true);
    try {
      setPermission(await enableNotifications(i18n));
    } finally {
      setAsking(false);
    }
  };

  const description =
    permission === 'unsupported'
      ? t`This browser cannot show notifications.`
      : permission === 'denied'
        ? t`Blocked in this browser's site settings: allow notifications for this site there, then turn this on.`
        : t`When an upload ends or a video is ready, while the console is in the background or closed.`;

  return (
    <Switch
      data-testid="notifications-switch"
      label={t`Notifications`}
      description={description}
      checked={notifications && permission === 'granted'}
      disabled={asking || permission === 'unsupported'}
      error={blocked && permission === 'denied' ? true : undefined}
      onChange={(e) => void onChange(e.currentTarget.checked)}
      styles={{ body: { alignItems: 'flex-start' }, description: { overflowWrap: 'anywhere' } }}
    />
  );
}
