import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { confirmBulkDelete, confirmDelete } from '../../confirm';
import { notifySuccess } from '../../notify';
import type { FormValues, ResourceScreen } from '../types';
import {
  pendingKey,
  pendingSnapshot,
  schedulePendingDelete,
  subscribePending,
  UNDO_WINDOW_MS,
} from './pending-deletes';
import { UndoToast } from './undo-toast';

/**
 * Deleting rows of a resource list: one row (confirm dialog, or the Undo toast when the resource
 * asks for it) and the selected rows (always confirmed). `isHidden` tells the table which rows
 * wait out their Undo window.
 */
export function useRowDelete<T extends RecordMeta, V extends FormValues>(resource: ResourceScreen<T, V>) {
  const { api } = resource;
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const hidden = useSyncExternalStore(subscribePending, pendingSnapshot);
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.key });

  const confirmed = (row: T) => {
    const name = resource.recordTitle(row);
    confirmDelete({
      title: i18n._(resource.labels.delete),
      name,
      onConfirm: () => {
        api
          .remove(row.id)
          .then(() => notifySuccess(i18n._(msg`Deleted ${name}`)))
          // The http client has told the user why; the refresh below shows the truth.
          .catch(() => {})
          .finally(refresh);
      },
    });
  };

  const undoable = async (row: T) => {
    // Ask first: a delete the server refuses (your own account, a category still in use) must not
    // show as "Deleted … Undo" and come back five seconds later. The client toasts the refusal.
    try {
      await api.checkDelete(row.id);
    } catch {
      return;
    }
    const name = resource.recordTitle(row);
    const toastId = `undo-${api.path}-${row.id}`;
    const { undo } = schedulePendingDelete(api.path, row.id, async (leaving) => {
      notifications.hide(toastId);
      // keepalive lets the request outlive a page that is being closed.
      await api.remove(row.id, leaving ? { keepalive: true } : undefined).catch(() => {});
      if (!leaving) await refresh();
    });
    notifications.show({
      id: toastId,
      autoClose: UNDO_WINDOW_MS,
      withBorder: true,
      message: <UndoToast name={name} onUndo={() => undo() && notifications.hide(toastId)} />,
    });
  };

  const deleteRow = (row: T) => ((resource.deleteMode ?? 'undo') === 'undo' ? void undoable(row) : confirmed(row));

  const deleteRows = (rows: T[], onDone: () => void) =>
    confirmBulkDelete({
      count: rows.length,
      onConfirm: async () => {
        // No bulk endpoint in docs/api.md: one DELETE each, and each failure is toasted by the client.
        const results = await Promise.allSettled(rows.map((r) => api.remove(r.id)));
        const deleted = results.filter((r) => r.status === 'fulfilled').length;
        if (deleted > 0) notifySuccess(i18n._(msg`Deleted ${deleted} of ${rows.length}`));
        onDone();
        await refresh();
      },
    });

  const isHidden = (row: T) => hidden.has(pendingKey(api.path, row.id));
  return { deleteRow, deleteRows, isHidden };
}
