import { Trans } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';

/** The body of the Undo toast shown while a delete waits out its window. */
export function UndoToast({ name, onUndo }: { name: string; onUndo: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" lineClamp={2}>
        <Trans>Deleted {name}</Trans>
      </Text>
      <Button size="compact-sm" variant="light" onClick={onUndo} data-testid="undo-delete">
        <Trans>Undo</Trans>
      </Button>
    </Group>
  );
}
