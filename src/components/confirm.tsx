import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { openConfirmModal } from './confirm-modal';

/*
 * The console's confirmation dialogs. Opened from event handlers, so they read the global i18n
 * (always the active language) rather than a hook.
 */

/** "Delete The Hobbit?" with the record's title in the dialog (Foundation, item 5). */
export function confirmDelete(opts: { title: string; name: string; onConfirm: () => void }) {
  const { name } = opts;
  openConfirmModal({
    title: opts.title,
    children: (
      <Text size="sm">
        <Trans>
          Delete <strong>{name}</strong>? This cannot be undone.
        </Trans>
      </Text>
    ),
    labels: { confirm: i18n._(msg`Delete`), cancel: i18n._(msg`Cancel`) },
    confirmProps: { color: 'red', 'data-testid': 'confirm-delete' },
    onConfirm: opts.onConfirm,
  });
}

export function confirmBulkDelete(opts: { count: number; onConfirm: () => void }) {
  const { count } = opts;
  openConfirmModal({
    title: i18n._(msg`Delete selected records`),
    children: (
      <Text size="sm">
        <Plural
          value={count}
          one="Delete the selected record? This cannot be undone."
          other="Delete the # selected records? This cannot be undone."
        />
      </Text>
    ),
    labels: { confirm: i18n._(msg`Delete`), cancel: i18n._(msg`Cancel`) },
    confirmProps: { color: 'red', 'data-testid': 'confirm-delete' },
    onConfirm: opts.onConfirm,
  });
}

/** The dirty-form guard: closing a form with unsaved edits asks first. */
export function confirmDiscard(onDiscard: () => void) {
  openConfirmModal({
    title: i18n._(msg`Discard changes?`),
    children: (
      <Text size="sm">
        <Trans>Your unsaved changes will be lost.</Trans>
      </Text>
    ),
    labels: { confirm: i18n._(msg`Discard`), cancel: i18n._(msg`Keep editing`) },
    confirmProps: { color: 'red', 'data-testid': 'confirm-discard' },
    onConfirm: onDiscard,
  });
}
