import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { Tooltip } from '../../components/floating';
import { useOnDemand } from '../../components/on-demand';
import { lazy } from '../../lib/lazy';
import { settingsStore } from '../../stores/settings';

const load = () => import('./settings-drawer');
// The drawer's inputs (colour picker, select, switches) load when the settings are first opened.
const SettingsDrawer = lazy(load);

/** The navbar's settings button (docs/product.md §3's showSettings hides it). */
export function SettingsButton() {
  const { t } = useLingui();
  const { showSettings } = useSnapshot(settingsStore);
  const drawer = useOnDemand();
  if (!showSettings) return null;
  return (
    <>
      <Tooltip label={t`Settings`}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={drawer.open}
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
          aria-label={t`Settings`}
          data-testid="settings-button"
        >
          <IconSettings size={20} />
        </ActionIcon>
      </Tooltip>
      {drawer.render((props) => (
        <SettingsDrawer {...props} />
      ))}
    </>
  );
}
