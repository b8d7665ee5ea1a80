import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

interface Props {
  opened: boolean;
  title: string;
  initial: string;
  /** Save a new view: it may also be made the list's default. */
  withDefault: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string, isDefault: boolean) => void;
}

/** The dialog that names a view: as it is saved, or to rename it. */
export function ViewNameDialog(props: Props) {
  const { t } = useLingui();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {props.opened && <NameForm {...props} />}
    </Modal>
  );
}

function NameForm({ initial, withDefault, busy, onClose, onSubmit }: Props) {
  const { t } = useLingui();
  const [name, setName] = useState(initial);
  const [isDefault, setIsDefault] = useState(false);
  const trimmed = name.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (trimmed) onSubmit(trimmed, isDefault);
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={t`Name`}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={60}
          required
          data-autofocus
          data-testid="views-name"
        />
        {withDefault && (
          <Checkbox
            label={t`Open the list with this view`}
            checked={isDefault}
            onChange={(e) => setIsDefault(e.currentTarget.checked)}
            data-testid="views-name-default"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy} disabled={!trimmed} data-testid="views-name-save">
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
