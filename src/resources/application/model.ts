import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MantineColor } from '@mantine/core';
import { boolFilter } from '../../components/resource/list/list-search';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { Application, ApplicationStatus } from './schema';
import { APPLICATION_TRANSITIONS, applicationSpec } from './spec';

export const APPLICATION_STATUS_OPTIONS: Option<ApplicationStatus>[] = [
  { value: 'pending', label: msg`Pending`, color: 'yellow' },
  { value: 'approved', label: msg`Approved`, color: 'green' },
  { value: 'rejected', label: msg`Rejected`, color: 'red' },
  { value: 'returned', label: msg`Returned`, color: 'gray' },
  {
    value: 'on_hold',
    label: msg({ message: 'On hold', context: 'a borrow request waiting for a copy' }),
    color: 'violet',
  },
  { value: 'ready', label: msg({ message: 'Ready', context: 'a copy kept for a hold, to collect' }), color: 'cyan' },
  { value: 'expired', label: msg({ message: 'Expired', context: 'a hold not collected in time' }), color: 'orange' },
];

/** The hand-written filter: approved loans past their due date (the page body's `overdue`). */
export const OVERDUE_FILTER = 'overdue';

/** /users/apply?pageNum&pageSize&keyword&sort&order&status&overdue */
export const applicationSearchSchema = searchSchemaOf(applicationSpec, { overdue: boolFilter });

/** A status change the console offers, with how its button and dialog read. */
export interface Transition {
  to: Exclude<ApplicationStatus, 'pending' | 'ready' | 'expired'>;
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
  on_hold: { to: 'on_hold', action: msg`Place on hold`, title: msg`Place on hold`, color: 'violet' },
};

/** A hold is cancelled, not rejected: the same status, its own words. */
const CANCEL_HOLD: Transition = {
  to: 'rejected',
  action: msg({ message: 'Cancel hold', context: 'end a hold' }),
  title: msg`Cancel the hold`,
  color: 'red',
};

/**
 * The buttons a row gets: the allowed transitions from its status. Placing on hold is offered in
 * the approve dialog when no copy is left (and on a row whose book has none), not on every row.
 */
export function transitionsFor(status: ApplicationStatus, stock?: number | null): Transition[] {
  return APPLICATION_TRANSITIONS[status].flatMap((to) => {
    if (to === 'pending' || to === 'ready' || to === 'expired') return [];
    if (to === 'on_hold' && (stock ?? 0) > 0) return [];
    if (to === 'rejected' && (status === 'on_hold' || status === 'ready')) return [CANCEL_HOLD];
    return [TRANSITIONS[to]];
  });
}

export const placeOnHold = TRANSITIONS.on_hold;

/**
 * The `PUT /apply` body: id, version, the new status, a remark only when one was written, and the
 * due date when the approver changed it (an ISO instant).
 */
export function transitionBody(
  row: Pick<Application, 'id' | 'version'>,
  to: ApplicationStatus,
  remark: string,
  dueAt?: string | null,
) {
  const text = remark.trim();
  return {
    id: row.id,
    version: row.version,
    status: to,
    ...(text ? { remark: text } : {}),
    ...(dueAt ? { dueAt } : {}),
  };
}

/** A loan past its due date at `now`. */
export const isOverdue = (a: Pick<Application, 'status' | 'dueAt'>, now = Date.now()) =>
  a.status === 'approved' && a.dueAt !== null && Date.parse(a.dueAt) < now;

/** Whole days from `now` to `at`, rounded toward the past: negative when overdue. */
export const daysUntil = (at: string, now = Date.now()) => Math.floor((Date.parse(at) - now) / 86_400_000);

/** A renewal is offered on a loan (the server still checks the limit and the holds). */
export const mayRenew = (a: Pick<Application, 'status'>) => a.status === 'approved';
