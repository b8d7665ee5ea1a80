import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface CategoryTable extends Versioned {
  id: Generated<number>;
  name: string;
  sort: number;
  description: string | null;
  /** The loan period of this category's books in days; NULL: the site's default. */
  loan_days: number | null;
}
