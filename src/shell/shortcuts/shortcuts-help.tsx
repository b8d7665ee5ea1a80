import { useLingui } from '@lingui/react/macro';
import { Group, Kbd, Modal, Table } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { keyLabel, SHORTCUTS } from '../../lib/shortcuts';

/** The help overlay: `?` anywhere outside a field lists every shortcut. */
export function ShortcutsHelp() {
  const { t, i18n } = useLingui();
  const [opened, setOpened] = useState(false);
  useHotkeys([[SHORTCUTS.help.hotkey, () => setOpened(true)]]);
  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title={t`Keyboard shortcuts`} size="md">
      <Table data-testid="shortcuts-table">
        <Table.Tbody>
          {Object.entries(SHORTCUTS).map(([name, s]) => (
            <Table.Tr key={name}>
              <Table.Td>{i18n._(s.description)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {s.keys.map((k) => (
                    <Kbd key={k}>{keyLabel(k)}</Kbd>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
