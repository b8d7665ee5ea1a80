import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

/** Borrow requests (API path `/apply`). */
export interface ApplicationTable extends Versioned {
  id: Generated<number>;
  reader_id: number;
  book_id: number;
  status: string;
  remark: string | null;
  handled_by: string | null;
  /** No foreign key: the record outlives the staff account. */
  handled_by_id: number | null;
  handled_at: string | null;
  /** The loan: when the copy went out, is due back, came back; NULL on rows from before loans had dates. */
  approved_at: string | null;
  due_at: string | null;
  returned_at: string | null;
  renewals: Generated<number>;
  /** A `ready` hold keeps its copy until then. */
  ready_until: string | null;
}
