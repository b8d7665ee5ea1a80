import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface BibliographyTable extends Versioned {
  id: Generated<number>;
  title: string;
  author: string;
  publisher: string | null;
  year: number | null;
  isbn: string | null;
  notes: string | null;
}
