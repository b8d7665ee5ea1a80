import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, CopyButton, Group, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { isSaveKey } from '../../../lib/shortcuts';
import { confirmDiscard } from '../../confirm';
import { Dialog } from '../../dialog';
import { LivePresence } from '../../live-presence';
import type { FormDef, FormValues, ResourceScreen } from '../types';
import { usePhone } from '../use-phone';
import { ConflictView } from './conflict-view';
import { FormFields } from './form-field';
import classes from './resource-form.module.css';
import { useKeyboardInset } from './use-keyboard-inset';
import { type FormResume, useResourceForm } from './use-resource-form';

interface Props<T extends RecordMeta, V extends FormValues> {
  resource: ResourceScreen<T, V> & { form: FormDef<T, V> };
  /** The record to edit; none = create. */
  row?: T;
  /** The latest version of a record, for the conflict view when the 409 did not carry it. */
  findLatest: (id: number) => Promise<T | undefined>;
  /** After the closing transition: the parent unmounts this. */
  onClosed: () => void;
  /** Reopened from a draft or from a write saved offline. */
  resume?: FormResume<V>;
}

/** Create or edit one record in a modal; mounted per open, so every open starts clean. */
export function ResourceFormModal<T extends RecordMeta, V extends FormValues>(props: Props<T, V>) {
  const { resource, row } = props;
  const def = resource.form;
  const { i18n } = useLingui();
  const title = i18n._(row ? resource.labels.edit : resource.labels.create);
  const [opened, setOpened] = useState(true);
  const phone = usePhone();
  const keyboardInset = useKeyboardInset(phone && opened);
  const { form, conflictView, pendingId, discardDraft, submit } = useResourceForm(
    resource,
    row,
    () => setOpened(false),
    props.findLatest,
    props.resume,
  );
  const empty = def.toValues();

  const close = () => {
    void discardDraft();
    setOpened(false);
  };
  const requestClose = () => {
    if (form.submitting) return;
    // Saved offline: the write stays queued (and reviewable from the list); nothing to discard.
    if (pendingId) close();
    else if (form.isDirty()) confirmDiscard(close);
    else close();
  };

  return (
    <Dialog
      opened={opened}
      onClose={requestClose}
      onExitTransitionEnd={props.onClosed}
      title={title}
      size={def.size ?? 'lg'}
      // A phone's whole screen: the fields and the keyboard need all of it.
      fullScreen={phone}
      transitionProps={phone ? { transition: 'slide-up' } : undefined}
      classNames={{ content: classes.content }}
      style={keyboardInset ? ({ '--keyboard-inset': `${keyboardInset}px` } as CSSProperties) : undefined}
    >
      {/* Who else has this record open (live stream); a courtesy before the version check. */}
      {row && <LivePresence resource={resource.api.noun} id={row.id} />}
      {conflictView ? (
        <ConflictView {...conflictView} />
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
          {pendingId && (
            <Alert
              color="blue"
              variant="light"
              mb="md"
              icon={<IconCloudUpload size={18} aria-hidden />}
              title={<Trans>Saved on this device</Trans>}
              data-testid="form-pending"
            >
              <Text size="sm">
                <Trans>
                  You are offline. This change will be sent when you are back online; you can keep this form open or
                  close it.
                </Trans>
              </Text>
              <CopyButton value={JSON.stringify(form.getValues(), null, 2)}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="subtle" mt={4} onClick={copy} data-testid="form-copy">
                    {copied ? <Trans>Copied</Trans> : <Trans>Copy my input</Trans>}
                  </Button>
                )}
              </CopyButton>
            </Alert>
          )}
          <FormFields fields={def.fields} form={form} empty={empty} editing={Boolean(row)} />
          {/* Pinned to the dialog's bottom (resource-form.module.css); data-pinned tells the layout
              audit that the fields scroll under it by design. */}
          <Group justify="flex-end" mt="lg" className={classes.footer} data-testid="form-footer" data-pinned>
            <Button variant="default" onClick={requestClose} disabled={form.submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              type="submit"
              loading={form.submitting}
              disabled={form.submitting}
              data-testid="form-submit"
              // The layout audit checks that Save is on the dialog's first screen at every width.
              data-primary-action
            >
              <Trans>Save</Trans>
            </Button>
          </Group>
        </form>
      )}
    </Dialog>
  );
}
