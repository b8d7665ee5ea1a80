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

export interface OnlineMessageTable extends Versioned {
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
export interface BorrowApplyTable extends Versioned {
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
}

export interface ImageTable extends Versioned {
  id: Generated<number>;
  /** The uploader's file name, for display only. */
  file_name: string;
  /** `<random hex>.<ext>` under LECTERN_DATA/files/images; unique and unguessable. */
  stored_name: string;
  size: number;
  mime: string;
  uploaded_by: string;
  uploaded_by_id: number | null;
}

/** About us: a single row (id 1). */
export interface CompanyTable extends Versioned {
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
}

export interface Database {
  staff: StaffTable;
  session: SessionTable;
  login_attempt: LoginAttemptTable;
  category: CategoryTable;
  category_subclass: SubclassTable;
  book: BookTable;
  audit_log: AuditLogTable;
  banner: BannerTable;
  news: NewsTable;
  site_resource: SiteResourceTable;
  bibliography: BibliographyTable;
  online_message: OnlineMessageTable;
  reader: ReaderTable;
  borrow_apply: BorrowApplyTable;
  video: VideoTable;
  image: ImageTable;
  company: CompanyTable;
  site_link: SiteLinkTable;
}

export type TableName = keyof Database;
export type StaffRow = Selectable<StaffTable>;
export type SessionRow = Selectable<SessionTable>;
