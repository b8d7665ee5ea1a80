import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ListView } from '../../../contract/views';

/** Asks before a saved view is deleted (the list itself is left as it is); drawn while `view` is set. */
export function ViewDeleteDialog({
  view,
  busy,
  onClose,
  onConfirm,
}: {
  view: ListView | undefined;
  busy: boolean;
  onClose: () => void;
  onConfirm: (view: ListView) => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={view !== undefined}
      onClose={onClose}
      title={t`Delete view`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {view && (
        <Stack>
          <Text>
            <Trans>Delete the view “{view.name}”? The list itself is not changed.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" loading={busy} data-testid="views-delete-confirm" onClick={() => onConfirm(view)}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
