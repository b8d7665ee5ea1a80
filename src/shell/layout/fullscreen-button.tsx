import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Tooltip } from '../../components/floating';
import { appStore } from '../../stores/app';

/**
 * Fullscreen, where it means something: not on a phone's or a tablet's layout (the browser's own
 * bars come and go with scrolling there, an installed app has none, and the header needs the
 * room), nor where the browser has no fullscreen for pages (iPhone Safari).
 */
export function FullscreenButton() {
  const { device } = useSnapshot(appStore);
  if (device === 'mobile' || !document.fullscreenEnabled) return null;
  return <Toggle />;
}

function Toggle() {
  const { t } = useLingui();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      // The original console's wording, kept (docs/product.md §2): a page in a frame that was refused it.
      notifications.show({ color: 'yellow', message: t`you browser can not work` });
      return;
    }
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  };

  const label = full ? t`Exit fullscreen` : t`Fullscreen`;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={toggle} aria-label={label}>
        {full ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
