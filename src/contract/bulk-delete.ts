import { z } from 'zod';
import type { RuleReason } from './rule-codes';

/**
 * `POST /{r}/bulk-delete`: every record the list's filter matches (the page request's filters and
 * keyword; paging and sort are ignored), deleted in one transaction. `expected`: the count the user
 * confirmed; another count now is 409 with `data: { matched }`, nothing deleted.
 */
export const bulkDeleteRequest = z.strictObject({
  filter: z.record(z.string(), z.unknown(), { error: 'required' }),
  expected: z.number({ error: 'must be a number' }).int('must be an integer').min(0, 'must be 0 or more').optional(),
});
export type BulkDeleteRequest = z.input<typeof bulkDeleteRequest>;

/** A record a rule or a reference kept: not deleted, the others were. */
export interface BulkDeleteRefusal {
  id: number;
  /** What the record is called (title, name), as the audit log names it; null where it has none. */
  title: string | null;
  /** docs/api.md's English message of the refusal. */
  msg: string;
  /** Which rule (docs/api-additions.md, "Refusals by a rule"), for the console to word it. */
  reason?: RuleReason;
}

export interface BulkDeleteResult {
  matched: number;
  /** Records deleted, one `delete` audit row each. */
  deleted: number;
  refused: BulkDeleteRefusal[];
}
