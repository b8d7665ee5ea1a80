import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

/** The `resource` resource (a table name that cannot be mistaken for a keyword or a concept). */
export interface SiteResourceTable extends Versioned {
  id: Generated<number>;
  title: string;
  type: string;
  url: string;
  description: string | null;
  category_id: number | null;
}
