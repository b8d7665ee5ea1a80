import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

/** Site readers: the `users` resource. */
export interface ReaderTable extends Versioned {
  id: Generated<number>;
  nick_name: string;
  phone: string;
  email: string | null;
  gender: string | null;
  status: string;
  avatar_url: string | null;
}
