import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MantineColor } from '@mantine/core';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { Application, ApplicationStatus } from './schema';
import { APPLICATION_TRANSITIONS, applicationSpec } from './spec';

export const APPLICATION_STATUS_OPTIONS: Option<ApplicationStatus>[] = [
  { value: 'pending', label: msg`Pending`, color: 'yellow' },
  { value: 'approved', label: msg`Approved`, color: 'green' },
  { value: 'rejected', label: msg`Rejected`, color: 'red' },
  { value: 'returned', label: msg`Returned`, color: 'gray' },
];

/** /users/apply?pageNum&pageSize&keyword&sort&order&status */
export const applicationSearchSchema = searchSchemaOf(applicationSpec);

/** A status change the console offers, with how its button and dialog read. */
export interface Transition {
  to: Exclude<ApplicationStatus, 'pending'>;
  /** Button text. */
  action: MessageDescriptor;
  /** Dialog title. */
  title: MessageDescriptor;
  color: MantineColor;
}

const TRANSITIONS: Record<Transition['to'], Transition> = {
  approved: { to: 'approved', action: msg`Approve`, title: msg`Approve application`, color: 'green' },
  rejected: { to: 'rejected', action: msg`Reject`, title: msg`Reject application`, color: 'red' },
  returned: { to: 'returned', action: msg`Mark returned`, title: msg`Mark as returned`, color: 'blue' },
};

/** The buttons a row gets: exactly the contract's allowed transitions from its status. */
export function transitionsFor(status: ApplicationStatus): Transition[] {
  return APPLICATION_TRANSITIONS[status].flatMap((to) => (to === 'pending' ? [] : [TRANSITIONS[to]]));
}

/** The `PUT /apply` body: id, version, the new status and a remark only when one was written. */
export function transitionBody(row: Pick<Application, 'id' | 'version'>, to: ApplicationStatus, remark: string) {
  const text = remark.trim();
  return { id: row.id, version: row.version, status: to, ...(text ? { remark: text } : {}) };
}
