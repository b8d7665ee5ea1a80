import { z } from 'zod';
import { versionField } from '../../contract/common';

const days = (min: number, max: number) =>
  z.number({ error: 'must be a number' }).int('must be an integer').min(min).max(max);

/**
 * `PUT /loan-policy` (admin): the loan period, how many renewals a loan may have, how long a ready
 * hold keeps its copy, and how many days before the due date the reminder goes out.
 */
export const loanPolicyFields = {
  loanDays: days(1, 365),
  maxRenewals: days(0, 20),
  holdDays: days(1, 60),
  remindDaysBefore: days(0, 60),
};
export const loanPolicyUpdateSchema = z.strictObject({
  ...loanPolicyFields,
  /** When sent, a stale version is refused with 409. */
  version: versionField.optional(),
});
export type LoanPolicyInput = z.input<typeof loanPolicyUpdateSchema>;

/** `GET /loan-policy`. */
export interface LoanPolicy {
  loanDays: number;
  maxRenewals: number;
  holdDays: number;
  remindDaysBefore: number;
  version: number;
  updatedAt: string;
}

/** A category's own loan period (category form); empty: the policy's. */
export const LOAN_DAYS_MAX = 365;
