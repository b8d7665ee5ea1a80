import type { Generated, Selectable } from 'kysely';

/**
 * Table types, snake_case as stored. Portable across SQLite and PostgreSQL (issue 7): timestamps are
 * ISO-8601 UTC text written by the server, booleans are integers 0/1, JSON is text.
 */

interface Versioned {
  version: number;
  created_at: string;
  updated_at: string;
}

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
}

export interface SessionTable {
  /** sha256 of the token: a leaked database does not leak usable tokens. */
  token_hash: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
}

export interface LoginAttemptTable {
  /** 'acct:<userName>' or 'ip:<address>'. */
  key: string;
  failures: number;
  window_start: string;
}

export interface CategoryTable extends Versioned {
  id: Generated<number>;
  name: string;
  sort: number;
  description: string | null;
}

export interface SubclassTable extends Versioned {
  id: Generated<number>;
  category_id: number;
  name: string;
  sort: number;
}

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

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** No foreign key: the trail outlives the staff account. */
  actor_id: number | null;
  actor_name: string;
  action: 'create' | 'update' | 'delete';
  resource: string;
  record_id: number;
  /** JSON: { field: { from, to } }; secrets appear only as "(changed)". */
  changes: string;
}

export interface Database {
  staff: StaffTable;
  session: SessionTable;
  login_attempt: LoginAttemptTable;
  category: CategoryTable;
  category_subclass: SubclassTable;
  book: BookTable;
  audit_log: AuditLogTable;
}

export type TableName = keyof Database;
export type StaffRow = Selectable<StaffTable>;
export type SessionRow = Selectable<SessionTable>;
