import { msg } from '@lingui/core/macro';
import { Anchor, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EnumBadge } from '../../components/enum-badge';
import { badgeColumn, timeColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { readerApi } from './api';
import { ReaderAvatar } from './components/reader-avatar';
import { GENDER_OPTIONS, READER_STATUS_OPTIONS, type ReaderFormValues, toReaderFormValues } from './model';
import type { Reader } from './schema';
import { readerSpec } from './spec';

/** The Readers screen (/users/user): the site's readers, described for the shared resource components. */
export const readerScreen: ResourceScreen<Reader, ReaderFormValues> = {
  api: readerApi,
  labels: { create: msg`New reader`, edit: msg`Edit reader`, delete: msg`Delete reader` },
  recordTitle: (r) => r.nickName,
  recordPath: (r) => `/users/user/${r.id}`,
  card: { fields: ['phone', 'email', 'createdAt'], status: 'status' },
  importable: true,
  batch: { fields: [{ name: 'status', label: msg`Status`, options: READER_STATUS_OPTIONS }] },
  columns: [
    {
      key: 'nickName',
      label: msg`Nickname`,
      sortField: 'nickName',
      priority: 1,
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <ReaderAvatar url={r.avatarUrl} name={r.nickName} />
          <Anchor component={Link} to={`/users/user/${r.id}`} size="sm" fw={500}>
            {r.nickName}
          </Anchor>
        </Group>
      ),
    },
    { key: 'phone', label: msg`Phone`, sortField: 'phone', render: (r) => r.phone },
    { key: 'email', label: msg`Email`, priority: 3, render: (r) => r.email ?? '' },
    {
      key: 'gender',
      label: msg`Gender`,
      width: 100,
      priority: 3,
      render: (r) => (r.gender ? <EnumBadge value={r.gender} options={GENDER_OPTIONS} /> : ''),
    },
    badgeColumn('status', msg`Status`, READER_STATUS_OPTIONS),
    timeColumn('createdAt', msg`Registered`),
  ],
  filters: [
    { name: 'status', label: msg`Status`, options: READER_STATUS_OPTIONS },
    { name: 'gender', label: msg`Gender`, options: GENDER_OPTIONS },
    rangeFilter('created', readerSpec.filters.created, msg`Registered`),
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () => import('./schema').then((m) => ({ create: m.readerCreateSchema, update: m.readerUpdateSchema })),
    toValues: toReaderFormValues,
    fields: [
      { name: 'nickName', label: msg`Nickname`, kind: 'text', required: true },
      { name: 'phone', label: msg`Phone`, kind: 'text', required: true },
      { name: 'email', label: msg`Email`, kind: 'text' },
      { name: 'gender', label: msg`Gender`, kind: 'select', options: GENDER_OPTIONS },
      { name: 'status', label: msg`Status`, kind: 'select', required: true, options: READER_STATUS_OPTIONS },
      { name: 'avatarUrl', label: msg`Avatar URL`, kind: 'url', placeholder: msg`https://…` },
    ],
  },
};
