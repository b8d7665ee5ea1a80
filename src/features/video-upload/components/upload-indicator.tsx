import { useLingui } from '@lingui/react/macro';
import { ActionIcon, RingProgress, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { UploadItem } from '../../../upload/protocol';
import { overall } from '../../../upload/queue';
import { CODE_MESSAGES } from '../model';
import { uploadsStore } from '../uploads';

/**
 * Navbar indicator: active uploads and their overall progress, or uploads a reload interrupted,
 * linking to the upload panel; it toasts upload errors wherever the user is. Loaded (by
 * upload-indicator-slot.tsx) only once the tab runs the upload worker.
 */
export function UploadIndicator() {
  const { t, i18n } = useLingui();
  const { snapshot, notices } = useSnapshot(uploadsStore);
  const shown = useRef(0);

  useEffect(() => {
    for (const n of notices) {
      if (n.seq <= shown.current) continue;
      shown.current = n.seq;
      const known = CODE_MESSAGES[n.code];
      notifications.show({
        color: 'red',
        title: n.code,
        message: known
          ? `${i18n._(known)} ${n.code === 'InvalidParameter.EmptyValue' ? n.message : ''}`.trim()
          : n.message,
        autoClose: 5000,
      });
    }
  }, [notices, i18n]);

  const sum = overall(snapshot.items as readonly UploadItem[]);
  const interrupted = snapshot.interrupted.length;
  if (sum.active === 0 && interrupted > 0) {
    const label = t`Interrupted uploads: ${interrupted}`;
    return (
      <Tooltip label={label}>
        <ActionIcon
          component={Link}
          to="/web/video-upload"
          variant="subtle"
          color="orange"
          size="lg"
          aria-label={label}
          data-testid="upload-indicator"
          data-interrupted={interrupted}
        >
          <IconPlayerPause size={20} />
        </ActionIcon>
      </Tooltip>
    );
  }
  if (sum.active === 0) return null;
  const pct = Math.floor(sum.ratio * 100);
  const label = snapshot.online
    ? t`${sum.active} uploads in progress, ${pct}%`
    : t`${sum.active} uploads waiting for network, ${pct}%`;
  return (
    <Tooltip label={label}>
      <ActionIcon
        component={Link}
        to="/web/video-upload"
        variant="subtle"
        size="lg"
        aria-label={label}
        data-testid="upload-indicator"
      >
        <RingProgress
          size={34}
          thickness={3}
          roundCaps
          sections={[{ value: pct, color: snapshot.online ? 'blue' : 'orange' }]}
          label={
            <Text size="xs" ta="center" fw={700}>
              {sum.active}
            </Text>
          }
        />
      </ActionIcon>
    </Tooltip>
  );
}
