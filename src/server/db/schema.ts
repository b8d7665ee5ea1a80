import type { Generated, Selectable } from 'kysely';

/**
 * Table types, snake_case as stored. Portable across SQLite and PostgreSQL: timestamps are
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
  /** 0/1: the password was set by an admin or generated; only PUT /auth/password clears it. */
  must_change_password: Generated<number>;
}

export interface SessionTable {
  /** sha256 of the token: a leaked database does not leak usable tokens. */
  token_hash: string;
  staff_id: number;
  created_at: string;
  /** Written by every authenticated request, in the statement that checks idle expiry. */
  last_seen_at: string;
  /** Random; the id of GET/DELETE /auth/sessions, so the list never exposes the token hash. */
  public_id: string;
  /** At sign-in; the User-Agent cut to 300 characters. */
  user_agent: string;
  address: string;
}

export interface LoginAttemptTable {
  /**
   * 'acct:<userName>' (untrusted clients of an account), 'ip:<address>', 'dev:<nonce>' (one
   * trusted device), 'pwd:<staffId>' (old-password checks of PUT /auth/password).
   */
  key: string;
  /** Attempts reserved in the current window and not returned by a success. */
  failures: number;
  window_start: string;
  /** Locks so far; the next lasts window × 2^lockouts, capped. Forgotten after a quiet period. */
  lockouts: Generated<number>;
  /** The current or last lock's end; NULL if never locked. */
  locked_until: string | null;
  /** The random marker of the attempt that last got a slot (see login-attempts.ts). */
  reserved_by: string | null;
}

/** Secrets every instance shares, e.g. the device-cookie key. */
export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: string;
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

export interface BannerTable extends Versioned {
  id: Generated<number>;
  title: string;
  image_url: string;
  link_url: string | null;
  sort: number;
  /** 0/1. */
  enabled: number;
}

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

/** The `resource` resource (a table name that cannot be mistaken for a keyword or a concept). */
export interface SiteResourceTable extends Versioned {
  id: Generated<number>;
  title: string;
  type: string;
  url: string;
  description: string | null;
  category_id: number | null;
}

export interface BibliographyTable extends Versioned {
  id: Generated<number>;
  title: string;
  author: string;
  publisher: string | null;
  year: number | null;
  isbn: string | null;
  notes: string | null;
}

export interface MessageTable extends Versioned {
  id: Generated<number>;
  reader_name: string;
  contact: string | null;
  content: string;
  reply: string | null;
  status: string;
}

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

/** Borrow requests: the `apply` resource. */
export interface ApplicationTable extends Versioned {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  status: string;
  remark: string | null;
  handled_by: string | null;
  /** No foreign key: the record outlives the staff account. */
  handled_by_id: number | null;
  handled_at: string | null;
}

export interface VideoTable extends Versioned {
  id: Generated<number>;
  title: string;
  description: string | null;
  cate_id: number | null;
  tags: string | null;
  cover_url: string | null;
  video_id: string;
  file_name: string;
  file_size: number;
  status: string;
  /** Migration 0012: what processing found (seconds, pixels), why it failed, JSON of its outputs. */
  duration: number | null;
  width: number | null;
  height: number | null;
  fail_reason: string | null;
  snapshots: string | null;
  play_info: string | null;
  media_info: string | null;
}

export interface ImageTable extends Versioned {
  id: Generated<number>;
  /** The uploader's file name, for display only. */
  file_name: string;
  /** `<random hex>.<ext>` under LECTERN_DATA/files/images; unique and unguessable. */
  stored_name: string;
  size: number;
  mime: string;
  /** As shown (orientation applied); null for images stored before dimensions were kept. */
  width: number | null;
  height: number | null;
  uploaded_by: string;
  uploaded_by_id: number | null;
}

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
  /** What the record was called at the time (its title, name…), so an entry reads and is found by it. */
  record_title: string | null;
}

/** A member's saved view of one list (src/server/views); JSON as text, is_default 0/1. */
export interface ListViewTable extends Versioned {
  id: Generated<number>;
  staff_id: number;
  list: string;
  name: string;
  columns: string | null;
  widths: string;
  density: string;
  search: string;
  is_default: number;
}

export interface Database {
  staff: StaffTable;
  session: SessionTable;
  login_attempt: LoginAttemptTable;
  server_secret: ServerSecretTable;
  category: CategoryTable;
  category_subclass: SubclassTable;
  book: BookTable;
  audit_log: AuditLogTable;
  banner: BannerTable;
  news: NewsTable;
  site_resource: SiteResourceTable;
  bibliography: BibliographyTable;
  message: MessageTable;
  reader: ReaderTable;
  application: ApplicationTable;
  video: VideoTable;
  image: ImageTable;
  about: AboutTable;
  site_link: SiteLinkTable;
  list_view: ListViewTable;
}

export type TableName = keyof Database;
export type StaffRow = Selectable<StaffTable>;
export type SessionRow = Selectable<SessionTable>;
