import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface BookTable extends Versioned {
  id: Generated<number>;
  title: string;
  author: string;
  isbn: string | null;
  publisher: string | null;
  publish_date: string | null;
  category_id: number;
  subclass_id: number | null;
  cover_url: string | null;
  summary: string | null;
  stock: number;
  status: string;
}
