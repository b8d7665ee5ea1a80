import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { settingsStore } from '../../stores/settings';

const load = () => import('./settings-drawer');
// The drawer's inputs (colour picker, select, switches) load when the settings are first opened.
const SettingsDrawer = lazy(load);

/** The navbar's settings button (SPEC.md §3's showSettings hides it). */
export function SettingsButton() {
  const { t } = useLingui();
  const { showSettings } = useSnapshot(settingsStore);
  // null: never opened (nothing loaded); then whether the drawer is open.
  const [opened, setOpened] = useState<boolean | null>(null);
  if (!showSettings) return null;
  return (
    <>
      <Tooltip label={t`Settings`}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setOpened(true)}
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
          aria-label={t`Settings`}
          data-testid="settings-button"
        >
          <IconSettings size={20} />
        </ActionIcon>
      </Tooltip>
      {opened !== null && (
        <Suspense fallback={null}>
          <SettingsDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
