import { msg } from '@lingui/core/macro';
import { Stack, Text } from '@mantine/core';
import { EnumBadge } from '../../components/enum-badge';
import { dateFormat } from '../../components/format';
import { badgeColumn, timeColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { reminderApi } from './api';
import { RunNowButton } from './components/run-now-button';
import { REMINDER_KIND_OPTIONS, REMINDER_STATE_OPTIONS } from './model';
import type { Reminder } from './schema';
import { reminderSpec } from './spec';

/**
 * The Reminders screen (/users/reminder): the notices the daily job made, who they went to, about
 * which book and date, and whether they were sent (with the last error when not). Read only.
 */
export const reminderScreen: ResourceScreen<Reminder> = {
  api: reminderApi,
  labels: { create: msg`New reminder`, edit: msg`Edit reminder`, delete: msg`Delete reminder` },
  recordTitle: (r) => `${r.readerName} · ${r.bookTitle}`,
  deleteMode: false,
  toolbar: <RunNowButton />,
  card: {
    title: (r) => r.bookTitle,
    status: 'state',
    fields: ['readerName', 'kind', 'about', 'createdAt'],
  },
  columns: [
    {
      key: 'readerName',
      label: msg`Reader`,
      sortField: 'readerName',
      width: 190,
      priority: 1,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.readerName}
          </Text>
          <Text size="xs" c="dimmed">
            {r.email ?? '—'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'bookTitle',
      label: msg`Book`,
      sortField: 'bookTitle',
      priority: 1,
      render: (r) => (
        <Text size="sm" lineClamp={2}>
          {r.bookTitle}
        </Text>
      ),
    },
    badgeColumn('kind', msg`Kind`, REMINDER_KIND_OPTIONS, 130),
    {
      key: 'about',
      label: msg`Date`,
      sortField: 'about',
      width: 120,
      priority: 2,
      // The day in the user's time zone: a due date is an instant (the end of the loan).
      render: (r, i18n) => (
        <Text size="sm">{dateFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(r.about))}</Text>
      ),
    },
    {
      ...badgeColumn('state', msg`State`, REMINDER_STATE_OPTIONS, 190),
      priority: 1,
      // Why a notice did not go (yet): the SMTP server's refusal or the network's error, under
      // its state, on the phone's card as in the table. Mail off and no address say it themselves.
      render: (r) => (
        <Stack gap={2} align="flex-start">
          <EnumBadge value={r.state} options={REMINDER_STATE_OPTIONS} />
          {r.lastError && !['mail_off', 'no_address'].includes(r.state) && (
            <Text size="xs" c={r.state === 'failed' ? 'red' : 'dimmed'} lineClamp={2} data-testid="reminder-error">
              {r.lastError}
            </Text>
          )}
        </Stack>
      ),
    },
    { ...timeColumn('createdAt', msg`Made`), priority: 2 },
  ],
  filters: [
    { name: 'kind', label: msg`Kind`, options: REMINDER_KIND_OPTIONS },
    { name: 'state', label: msg`State`, options: REMINDER_STATE_OPTIONS },
    rangeFilter('created', reminderSpec.filters.created, msg`Made`),
  ],
};
