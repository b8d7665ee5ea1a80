import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import type { RecordMeta } from '../../contract/common';
import { isSaveKey } from '../../lib/shortcuts';
import { confirmDiscard } from '../confirm';
import { ConflictView } from './conflict-view';
import { FormField } from './form-field';
import type { FormDef, FormValues, ResourceDef } from './types';
import { useResourceForm } from './use-resource-form';

interface Props<T extends RecordMeta, V extends FormValues> {
  resource: ResourceDef<T, V> & { form: FormDef<T, V> };
  /** The record to edit; none = create. */
  row?: T;
  /** The latest version of a record, for the conflict view when the 409 did not carry it. */
  findLatest: (id: number) => Promise<T | undefined>;
  /** After the closing transition: the parent unmounts this. */
  onClosed: () => void;
}

/** Create or edit one record in a modal; mounted per open, so every open starts clean. */
export function ResourceFormModal<T extends RecordMeta, V extends FormValues>(props: Props<T, V>) {
  const { resource, row } = props;
  const def = resource.form;
  const { t, i18n } = useLingui();
  const title = i18n._(row ? resource.labels.edit : resource.labels.create);
  const [opened, setOpened] = useState(true);
  const { form, base, conflict, closeConflict, rebase, submit } = useResourceForm(
    resource,
    row,
    () => setOpened(false),
    props.findLatest,
  );
  const empty = def.toValues();

  const requestClose = () => {
    if (form.submitting) return;
    if (form.isDirty()) confirmDiscard(() => setOpened(false));
    else setOpened(false);
  };

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      onExitTransitionEnd={props.onClosed}
      title={title}
      size={def.size ?? 'lg'}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {conflict && base ? (
        <ConflictView
          fields={def.fields}
          original={def.toValues(base)}
          mine={form.getValues()}
          toValues={(r: T) => def.toValues(r)}
          latest={conflict.current}
          loadLatest={() => props.findLatest(base.id)}
          onRebase={rebase}
          onBack={closeConflict}
        />
      ) : (
        <form
          onSubmit={submit}
          noValidate
          aria-label={title}
          data-testid="resource-form"
          onKeyDown={(e) => {
            if (!isSaveKey(e)) return;
            e.preventDefault();
            e.currentTarget.requestSubmit();
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {def.fields.map((field) => (
              <div key={field.name} style={{ gridColumn: fullWidth(field) ? '1 / -1' : undefined }}>
                <FormField field={field} form={form} empty={empty} editing={Boolean(row)} />
              </div>
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={requestClose} disabled={form.submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.submitting} disabled={form.submitting} data-testid="form-submit">
              <Trans>Save</Trans>
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}

const fullWidth = (field: { span?: 1 | 2; kind: string }) => (field.span ?? (field.kind === 'textarea' ? 2 : 1)) === 2;
