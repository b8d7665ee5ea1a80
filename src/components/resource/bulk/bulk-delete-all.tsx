import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BulkDeleteResult } from '../../../contract/bulk-delete';
import { http } from '../../../lib/api';
import { ruleMessage } from '../../../lib/code-messages';
import { openConfirmModal } from '../../confirm-modal';
import { notifySuccess } from '../../notify';

/** How many kept records the notice names; the rest are counted. */
const NAMED = 5;

/**
 * "Delete all N" with every record matching the filter selected: one `POST /{r}/bulk-delete` with
 * the list's filter and the count the user confirmed (another count now is refused, nothing
 * deleted). Records a rule keeps (a book still lent out) are listed, by name and reason.
 * Opened from an event handler, so it reads the global i18n (always the active language).
 */
export function deleteAllMatching(opts: {
  path: string;
  filter: Record<string, unknown>;
  total: number;
  /** After the request, whatever its outcome: clear the selection, refresh the list. */
  onDone: () => Promise<unknown> | undefined;
}) {
  const { total } = opts;
  openConfirmModal({
    title: i18n._(msg`Delete all matching records`),
    children: (
      <Text size="sm">
        {i18n._(
          msg`Delete all ${plural(total, { one: '# record', other: '# records' })} matching the filter? This cannot be undone.`,
        )}
      </Text>
    ),
    labels: { confirm: i18n._(msg`Delete`), cancel: i18n._(msg`Cancel`) },
    confirmProps: { color: 'red', 'data-testid': 'confirm-delete' },
    onConfirm: async () => {
      try {
        const result = await http.post<BulkDeleteResult>(`/${opts.path}/bulk-delete`, {
          filter: opts.filter,
          expected: total,
        });
        report(result);
      } catch {
        // The http client has told the user why (the count changed meanwhile, a network error).
      }
      await opts.onDone();
    },
  });
}

function report({ deleted, matched, refused }: BulkDeleteResult) {
  if (refused.length === 0) {
    notifySuccess(i18n._(msg`Deleted ${deleted} of ${matched}`));
    return;
  }
  const kept = refused.length;
  const more = kept - NAMED;
  notifications.show({
    color: 'yellow',
    autoClose: false,
    withBorder: true,
    title: i18n._(msg`Deleted ${deleted} of ${matched}; ${kept} kept`),
    message: (
      <List size="sm" data-testid="bulk-delete-kept">
        {refused.slice(0, NAMED).map((r) => (
          <List.Item key={r.id}>
            {r.title ?? `#${r.id}`}: {(r.reason && ruleMessage(r.reason)) || r.msg}
          </List.Item>
        ))}
        {more > 0 && <List.Item>{i18n._(msg`and ${more} more`)}</List.Item>}
      </List>
    ),
  });
}
