import { msg } from '@lingui/core/macro';
import { Stack, Text } from '@mantine/core';
import { badgeColumn, timeColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { messageApi } from './api';
import { MESSAGE_STATUS_OPTIONS } from './model';
import type { Message } from './schema';
import { messageSpec } from './spec';

/**
 * The Online messages screen (/users/online). Readers write the messages on the site; staff read
 * and reply in the drawer (the page adds its Reply action), and may delete. With no sort chosen the
 * server lists the newest received first (MESSAGE_DEFAULT_SORT).
 */
export const messageScreen: ResourceScreen<Message> = {
  api: messageApi,
  labels: { create: msg`New message`, edit: msg`Edit message`, delete: msg`Delete message` },
  recordTitle: (m) => m.readerName,
  card: { fields: ['content', 'createdAt'], wide: ['content'], status: 'status' },
  columns: [
    {
      key: 'readerName',
      label: msg`Sender`,
      sortField: 'readerName',
      width: 180,
      priority: 1,
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm" fw={m.status === 'unread' ? 700 : 500}>
            {m.readerName}
          </Text>
          {m.contact && (
            <Text size="xs" c="dimmed">
              {m.contact}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'content',
      label: msg`Message`,
      priority: 1,
      render: (m) => (
        <Text size="sm" lineClamp={2} fw={m.status === 'unread' ? 600 : undefined}>
          {m.content}
        </Text>
      ),
    },
    badgeColumn('status', msg`Status`, MESSAGE_STATUS_OPTIONS),
    { ...timeColumn('createdAt', msg`Received`), priority: 2 },
  ],
  filters: [
    { name: 'status', label: msg`Status`, options: MESSAGE_STATUS_OPTIONS },
    rangeFilter('created', messageSpec.filters.created, msg`Received`),
  ],
  // Mark read or unread; "replied" follows from a reply, never from a batch.
  batch: {
    fields: [
      { name: 'status', label: msg`Status`, options: MESSAGE_STATUS_OPTIONS.filter((o) => o.value !== 'replied') },
    ],
  },
};
