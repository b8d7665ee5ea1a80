import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { Suspense } from 'react';
import { badgeColumn, updatedColumn } from '../../components/resource/list/columns';
import type { ResourceScreen } from '../../components/resource/types';
import { lazy } from '../../lib/lazy';
import { staffApi } from './api';
import { ResetMfaAction } from './components/reset-mfa';
import { RoleBadges } from './components/role-badges';
import { ROLE_OPTIONS, STAFF_STATUS_OPTIONS, type StaffFormValues, toStaffFormValues } from './model';
import type { Staff } from './schema';

// The form's password and roles inputs load with the form, not with the list.
const PasswordField = lazy(() => import('./components/password-field').then((m) => ({ default: m.PasswordField })));
const RolesInput = lazy(() => import('./components/roles-input').then((m) => ({ default: m.RolesInput })));

/** The Staff screen (/users/adminuser): staff accounts. Passwords are never shown. */
export const staffScreen: ResourceScreen<Staff, StaffFormValues> = {
  api: staffApi,
  labels: { create: msg`New staff account`, edit: msg`Edit staff account`, delete: msg`Delete staff account` },
  recordTitle: (s) => s.userName,
  card: { fields: ['name', 'roles', 'phone'], status: 'status' },
  // An account is not something to take back with Undo: its sessions end at once. Confirm first.
  deleteMode: 'confirm',
  rowActions: (s) => <ResetMfaAction staff={s} />,
  columns: [
    {
      key: 'userName',
      label: msg`Account`,
      sortField: 'userName',
      priority: 1,
      render: (s) => (
        <Text size="sm" fw={500} ff="monospace">
          {s.userName}
        </Text>
      ),
    },
    { key: 'name', label: msg`Full name`, sortField: 'name', render: (s) => s.name },
    { key: 'phone', label: msg`Phone`, sortField: 'phone', priority: 3, render: (s) => s.phone },
    { key: 'roles', label: msg`Roles`, render: (s) => <RoleBadges roles={s.roles} /> },
    badgeColumn('status', msg`Status`, STAFF_STATUS_OPTIONS),
    updatedColumn(),
  ],
  filters: [
    { name: 'status', label: msg`Status`, options: STAFF_STATUS_OPTIONS },
    { name: 'role', label: msg`Role`, options: ROLE_OPTIONS },
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () => import('./schema').then((m) => ({ create: m.staffCreateSchema, update: m.staffUpdateSchema })),
    toValues: toStaffFormValues,
    fields: [
      { name: 'userName', label: msg`Account`, kind: 'text', required: true },
      { name: 'name', label: msg`Full name`, kind: 'text', required: true },
      { name: 'phone', label: msg`Phone`, kind: 'text', required: true },
      {
        name: 'password',
        label: msg`Password`,
        kind: 'custom',
        render: (props) => (
          <Suspense fallback={null}>
            <PasswordField {...props} />
          </Suspense>
        ),
        // Never shown, not even in the conflict comparison.
        renderValue: () => '••••••••',
      },
      {
        name: 'roles',
        label: msg`Roles`,
        kind: 'custom',
        required: true,
        render: ({ inputProps }) => (
          <Suspense fallback={null}>
            <RolesInput {...inputProps} />
          </Suspense>
        ),
        renderValue: (v) => <RoleBadges roles={Array.isArray(v) ? v : []} />,
      },
      { name: 'status', label: msg`Status`, kind: 'select', required: true, options: STAFF_STATUS_OPTIONS },
      { name: 'avatar', label: msg`Avatar URL`, kind: 'url', placeholder: msg`https://…` },
      { name: 'introduction', label: msg`Introduction`, kind: 'textarea' },
    ],
  },
};
