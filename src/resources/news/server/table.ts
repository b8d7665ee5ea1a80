import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface NewsTable extends Versioned {
  id: Generated<number>;
  title: string;
  summary: string | null;
  /** Sanitised HTML. */
  content: string;
  cover_url: string | null;
  status: string;
  published_at: string | null;
}
