import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface SubclassTable extends Versioned {
  id: Generated<number>;
  category_id: number;
  name: string;
  sort: number;
}
