import { Trans } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import { proxy, useSnapshot } from 'valtio';
import { Menu } from '../components/floating';

/**
 * "Install app" in the account menu: only while the browser offers to install the console (its
 * `beforeinstallprompt`, Chromium), gone once it is installed or when running as the app. Safari
 * and Firefox never offer it; there the browser's own "Add to Home Screen"/"Install" remains.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const installStore = proxy({ offered: false });
let offer: InstallPromptEvent | null = null;

// Listened for from the shell's first load: the browser fires it once, after the service worker
// is in control, whatever screen is open then.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    if (window.matchMedia?.('(display-mode: standalone)').matches) return;
    offer = e as InstallPromptEvent;
    installStore.offered = true;
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installStore.offered = false;
  });
}

async function install(): Promise<void> {
  const event = offer;
  if (!event) return;
  // One prompt per event: the entry goes; the browser fires a new event if the user says no.
  offer = null;
  installStore.offered = false;
  await event.prompt();
  await event.userChoice;
}

export function InstallAppItem() {
  const { offered } = useSnapshot(installStore);
  if (!offered) return null;
  return (
    <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void install()} data-testid="install-app">
      <Trans>Install app</Trans>
    </Menu.Item>
  );
}
