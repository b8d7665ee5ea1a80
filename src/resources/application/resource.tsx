import { msg } from '@lingui/core/macro';
import { Badge, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../components/format';
import { badgeColumn, timeColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { applicationApi } from './api';
import { LoanCell } from './components/loan-cell';
import { OverdueFilter } from './components/overdue-filter';
import { APPLICATION_STATUS_OPTIONS, OVERDUE_FILTER } from './model';
import type { Application } from './schema';
import { applicationSpec } from './spec';

/**
 * The Applications screen (/users/apply): borrow requests. No form and no delete: readers create
 * them on the site, the console moves them on (row actions, added by the page), history is kept.
 */
export const applicationScreen: ResourceScreen<Application> = {
  api: applicationApi,
  labels: { create: msg`New application`, edit: msg`Edit application`, delete: msg`Delete application` },
  recordTitle: (a) => `${a.nickName ?? a.userId} – ${a.bookTitle ?? a.bookId}`,
  deleteMode: false,
  card: { title: (a) => a.bookTitle ?? `#${a.bookId}`, fields: ['reader', 'due', 'stock'], status: 'status' },
  columns: [
    { key: 'id', label: msg`No.`, sortField: 'id', width: 70, priority: 3, render: (a) => a.id },
    {
      key: 'reader',
      label: msg`Reader`,
      priority: 1,
      render: (a) => (
        <Text size="sm" fw={500}>
          {a.nickName ?? `#${a.userId}`}
        </Text>
      ),
    },
    {
      key: 'book',
      label: msg`Book`,
      priority: 1,
      render: (a) => (
        <Text size="sm" lineClamp={2}>
          {a.bookTitle ?? `#${a.bookId}`}
        </Text>
      ),
    },
    {
      key: 'stock',
      label: msg`In stock`,
      align: 'right',
      width: 90,
      render: (a) => (
        <Badge variant="light" color={a.bookStock ? 'teal' : 'red'} radius="sm" data-testid="apply-stock">
          {a.bookStock ?? '—'}
        </Badge>
      ),
    },
    badgeColumn('status', msg`Status`, APPLICATION_STATUS_OPTIONS),
    {
      key: 'due',
      label: msg`Due`,
      sortField: 'dueAt',
      width: 150,
      priority: 1,
      render: (a) => <LoanCell a={a} />,
    },
    {
      key: 'remark',
      label: msg`Remark`,
      priority: 3,
      render: (a) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {a.remark ?? ''}
        </Text>
      ),
    },
    {
      key: 'handledAt',
      label: msg`Handled`,
      sortField: 'handledAt',
      width: 170,
      priority: 3,
      render: (a, i18n) =>
        a.handledAt ? (
          <Stack gap={0}>
            <Text size="sm">{a.handledBy ?? ''}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(a.handledAt, i18n.locale)}
            </Text>
          </Stack>
        ) : (
          ''
        ),
    },
    { ...timeColumn('createdAt', msg`Applied`), priority: 2 },
  ],
  filters: [
    { name: 'status', label: msg`Status`, options: APPLICATION_STATUS_OPTIONS },
    {
      name: OVERDUE_FILTER,
      label: msg`Loans`,
      // The URL and the page body hold a boolean; the select speaks strings.
      render: ({ value, onChange, label, ariaLabel, testId }) => (
        <OverdueFilter value={value} onChange={onChange} label={label} ariaLabel={ariaLabel} testId={testId} />
      ),
    },
    rangeFilter('created', applicationSpec.filters.created, msg`Applied`),
  ],
};
