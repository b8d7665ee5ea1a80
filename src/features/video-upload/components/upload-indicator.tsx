import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, RingProgress, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Tooltip } from '../../../components/floating';
import { CODE_MESSAGES } from '../model';
import { noticeTitle } from '../notice-title';
import { uploadsStore, uploadsSummary } from '../uploads';
import { useRefreshVideosOnSuccess } from '../use-refresh-videos';
import { useUploadNotices } from '../use-upload-notices';

/**
 * Navbar indicator: active uploads and their overall progress, or uploads a reload interrupted,
 * linking to the upload panel; it toasts upload errors wherever the user is. Loaded (by
 * upload-indicator-slot.tsx) only once the tab runs the upload worker.
 */
export function UploadIndicator() {
  const { t, i18n } = useLingui();
  // Only the notices of the store, and its summary: not every progress snapshot re-renders the navbar.
  const { notices } = useSnapshot(uploadsStore);
  const sum = useSnapshot(uploadsSummary);
  const shown = useRef(0);
  const succeeded = useMemo(
    () => (sum.succeeded ? sum.succeeded.split(',').map((id) => ({ id, state: 'Success' as const })) : []),
    [sum.succeeded],
  );
  useRefreshVideosOnSuccess(succeeded);
  useUploadNotices();

  useEffect(() => {
    for (const n of notices) {
      if (n.seq <= shown.current) continue;
      shown.current = n.seq;
      const known = CODE_MESSAGES[n.code];
      notifications.show({
        color: 'red',
        title: i18n._(noticeTitle(n.code)),
        message: known
          ? `${i18n._(known)} ${n.code === 'InvalidParameter.EmptyValue' ? n.message : ''}`.trim()
          : n.message,
        autoClose: 5000,
      });
    }
  }, [notices, i18n]);

  const interrupted = sum.interrupted;
  if (sum.active === 0 && interrupted > 0) {
    const label = t`Interrupted uploads: ${interrupted}`;
    return (
      <IndicatorLink label={label} color="orange" interrupted={interrupted}>
        <IconPlayerPause size={20} />
      </IndicatorLink>
    );
  }
  if (sum.active === 0) return null;
  const pct = sum.percent;
  const label = !sum.online
    ? t`${plural(sum.active, { one: '# upload waiting for network', other: '# uploads waiting for network' })}, ${pct}%`
    : sum.reconnecting
      ? t`${plural(sum.active, { one: '# upload reconnecting to the server', other: '# uploads reconnecting to the server' })}, ${pct}%`
      : t`${plural(sum.active, { one: '# upload in progress', other: '# uploads in progress' })}, ${pct}%`;
  return (
    <IndicatorLink label={label}>
      <RingProgress
        size={34}
        thickness={3}
        roundCaps
        sections={[{ value: pct, color: sum.online && !sum.reconnecting ? 'blue' : 'orange' }]}
        label={
          <Text size="xs" ta="center" fw={700}>
            {sum.active}
          </Text>
        }
      />
    </IndicatorLink>
  );
}

/** The navbar's link to the upload page, in both of its looks (interrupted, in progress). */
function IndicatorLink({
  label,
  color,
  interrupted,
  children,
}: {
  label: string;
  color?: string;
  interrupted?: number;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        component={Link}
        to="/web/video-upload"
        variant="subtle"
        color={color}
        size="lg"
        aria-label={label}
        data-testid="upload-indicator"
        data-interrupted={interrupted}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
