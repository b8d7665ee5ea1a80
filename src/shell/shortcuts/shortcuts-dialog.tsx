import { useLingui } from '@lingui/react/macro';
import { Group, Kbd, Table } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { keyLabel, SHORTCUTS } from '../../lib/shortcuts';

/** The list of every shortcut (loaded on the first `?`, by shortcuts-help.tsx). */
export default function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Keyboard shortcuts`} size="md">
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
    </Dialog>
  );
}
