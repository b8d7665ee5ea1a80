import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

/** About us: a single row (id 1). */
export interface AboutTable extends Versioned {
  id: number;
  name: string | null;
  intro: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  logo_url: string | null;
}

/** The site's links, replaced as a whole by PUT /url. */
export interface SiteLinkTable {
  id: Generated<number>;
  name: string;
  url: string;
  sort: number;
  created_at: string;
  updated_at: string;
}
