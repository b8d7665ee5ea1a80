import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface MessageTable extends Versioned {
  id: Generated<number>;
  reader_name: string;
  contact: string | null;
  content: string;
  reply: string | null;
  status: string;
}
