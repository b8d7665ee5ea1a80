import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconTextSize } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { Menu, Tooltip } from '../../components/floating';
import { appStore, DEFAULT_SIZE, type Size, setSize } from '../../stores/app';

/**
 * The global size. Each choice says what it is (the size called "default" in the original
 * console is the largest, not the one a new user gets: that one is named "(default)"), and the
 * current one is ticked and marked current, not greyed out as if it were unavailable.
 */
export function SizeMenu() {
  const { t } = useLingui();
  const { size } = useSnapshot(appStore);
  const labels: Record<Size, string> = { default: t`Large`, medium: t`Medium`, small: t`Small`, mini: t`Mini` };
  const named = (s: Size) => (s === DEFAULT_SIZE ? t`${labels[s]} (default)` : labels[s]);
  const current = named(size);
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Tooltip label={t`Size: ${current}`}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t`Global size: ${current}`}
            data-testid="size-menu"
          >
            <IconTextSize size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t`Global size`}</Menu.Label>
        {(Object.keys(labels) as Size[]).map((s) => (
          <Menu.Item
            key={s}
            // Mantine's items are menuitems (no checked state): the current one is marked current.
            aria-current={s === size ? 'true' : undefined}
            data-testid={`size-${s}`}
            leftSection={<IconCheck size={14} aria-hidden style={{ visibility: s === size ? 'visible' : 'hidden' }} />}
            fw={s === size ? 700 : undefined}
            onClick={() => {
              if (s === size) return;
              setSize(s);
              notifications.show({ color: 'green', message: t`Switch Size Success`, autoClose: 2000 });
            }}
          >
            {named(s)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
