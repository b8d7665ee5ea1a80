import { msg } from '@lingui/core/macro';
import { enumFilter } from '../../components/resource/list/list-search';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { Role } from '../../contract/auth';
import { ROLES } from '../../contract/values';
import type { Staff } from './schema';
import { STAFF_STATUSES, staffSpec } from './spec';

type StaffStatus = Staff['status'];

export const ROLE_OPTIONS: Option<Role>[] = [
  { value: 'admin', label: msg`Administrator`, color: 'red' },
  { value: 'operator', label: msg`Operator`, color: 'blue' },
];

export const STAFF_STATUS_OPTIONS: Option<StaffStatus>[] = [
  { value: 'active', label: msg`Active`, color: 'green' },
  { value: 'disabled', label: msg`Disabled`, color: 'gray' },
];

export const STAFF_FILTERS = ['status', 'role'] as const;

/** /users/adminuser?pageNum&pageSize&keyword&sort&order&status&role */
export const staffSearchSchema = searchSchemaOf(staffSpec, {
  status: enumFilter(STAFF_STATUSES),
  role: enumFilter(ROLES),
});

/** The password is write-only: a form never starts with one, and an empty one on edit keeps it. */
export type StaffFormValues = {
  userName: string;
  phone: string;
  name: string;
  roles: Role[];
  status: StaffStatus;
  password: string;
  avatar: string;
  introduction: string;
};

export function toStaffFormValues(staff?: Staff): StaffFormValues {
  return {
    userName: staff?.userName ?? '',
    phone: staff?.phone ?? '',
    name: staff?.name ?? '',
    roles: staff ? [...staff.roles] : ['operator'],
    status: staff?.status ?? 'active',
    password: '',
    avatar: staff?.avatar ?? '',
    introduction: staff?.introduction ?? '',
  };
}
