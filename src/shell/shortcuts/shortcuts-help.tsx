import { useHotkeys } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { SHORTCUTS } from '../../lib/shortcuts';

// The dialog's code loads at the first `?`.
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

/** The help overlay: `?` anywhere outside a field lists every shortcut. */
export function ShortcutsHelp() {
  // null: never asked for (nothing loaded); then whether the dialog is open.
  const [opened, setOpened] = useState<boolean | null>(null);
  useHotkeys([[SHORTCUTS.help.hotkey, () => setOpened(true)]]);
  if (opened === null) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
