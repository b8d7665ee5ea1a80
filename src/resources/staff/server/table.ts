import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface StaffTable extends Versioned {
  id: Generated<number>;
  user_name: string;
  phone: string;
  name: string;
  /** JSON array text, e.g. '["admin"]'. */
  roles: string;
  status: string;
  password_hash: string;
  avatar: string | null;
  introduction: string | null;
  /** 0/1: the password was set by an admin or generated; only PUT /auth/password clears it. */
  must_change_password: Generated<number>;
}
