import type { Generated } from 'kysely';
import type { Versioned } from '../db/versioned';

/** A member's saved view of one list (src/server/views); JSON as text, is_default 0/1. */
export interface ListViewTable extends Versioned {
  id: Generated<number>;
  staff_id: number;
  list: string;
  name: string;
  columns: string | null;
  widths: string;
  density: string;
  search: string;
  is_default: number;
}
