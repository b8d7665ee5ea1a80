import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTextSize } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { Menu, Tooltip } from '../../components/floating';
import { appStore, type Size, setSize } from '../../stores/app';

export function SizeMenu() {
  const { t } = useLingui();
  const { size } = useSnapshot(appStore);
  const labels: Record<Size, string> = { default: t`Default`, medium: t`Medium`, small: t`Small`, mini: t`Mini` };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Tooltip label={t`Global size`}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Global size`}>
            <IconTextSize size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(labels) as Size[]).map((s) => (
          <Menu.Item
            key={s}
            disabled={s === size}
            onClick={() => {
              setSize(s);
              notifications.show({ color: 'green', message: t`Switch Size Success`, autoClose: 2000 });
            }}
          >
            {labels[s]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
