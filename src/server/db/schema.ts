import type { Generated, Selectable } from 'kysely';
import type { SecurityEventKind } from '../../contract/security-events';
import type { AboutTable, SiteLinkTable } from '../../resources/about/server/table';
import type { ApplicationTable } from '../../resources/application/server/table';
import type { BannerTable } from '../../resources/banner/server/table';
import type { BibliographyTable } from '../../resources/bibliography/server/table';
import type { BookTable } from '../../resources/book/server/table';
import type { CategoryTable } from '../../resources/category/server/table';
import type { ImageTable } from '../../resources/image/server/table';
import type { MessageTable } from '../../resources/message/server/table';
import type { NewsTable } from '../../resources/news/server/table';
import type { ReaderTable } from '../../resources/reader/server/table';
import type { ReminderTable } from '../../resources/reminder/server/table';
import type { SiteResourceTable } from '../../resources/resource/server/table';
import type { StaffTable } from '../../resources/staff/server/table';
import type { SubclassTable } from '../../resources/subclass/server/table';
import type { VideoTable } from '../../resources/video/server/table';
import type { PasskeyChallengeTable, StaffPasskeyTable } from '../auth/passkeys/table';
import type { JobScheduleTable } from '../jobs/schedule-table';
import type { ListViewTable } from '../views/table';

/**
 * The database: each noun's tables from its own folder (`resources/<noun>/server/table.ts`),
 * composed here with the tables of the infrastructure (sessions, sign-in limits, secrets, the audit
 * trail, saved views). Snake_case as stored; portable across SQLite and PostgreSQL: timestamps are
 * ISO-8601 UTC text written by the server, booleans are integers 0/1, JSON is text.
 */

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
  /** The absolute end (ISO), sign-in + LECTERN_SESSION_MAX_HOURS: no request keeps it alive past this. */
  expires_at: string;
  /** When the member last confirmed it is them in this session (POST /auth/reauth); NULL: never. */
  reauth_at: string | null;
}

/** A write's `Idempotency-Key` and, once the first request finished, its answer (http/idempotency.ts). */
export interface IdempotencyKeyTable {
  staff_id: number;
  idem_key: string;
  method: string;
  path: string;
  /** NULL while the first request with the key is still running. */
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: string;
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
/** The site's loan settings: one row, id 1 (migrations/0016-loans.ts). */
export interface LoanPolicyTable {
  id: number;
  loan_days: Generated<number>;
  max_renewals: Generated<number>;
  hold_days: Generated<number>;
  remind_days_before: Generated<number>;
  version: Generated<number>;
  updated_at: Generated<string>;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** No foreign key: the trail outlives the staff account. */
  actor_id: number | null;
  actor_name: string;
  /** A record change, or with resource 'security' a security event's kind (contract/security-events.ts). */
  action: 'create' | 'update' | 'delete' | SecurityEventKind;
  resource: string;
  record_id: number;
  /** JSON: { field: { from, to } }; secrets appear only as "(changed)". */
  changes: string;
  /** What the record was called at the time (its title, name…), so an entry reads and is found by it. */
  record_title: string | null;
  /** Security events: the client address and User-Agent (≤ 300 characters), the reason class. */
  address: string | null;
  user_agent: string | null;
  reason: string | null;
}

/** A member's authenticator app (auth/factors.ts); a factor once confirmed_at is set. */
export interface StaffTotpTable {
  staff_id: number;
  secret: string;
  /** The last accepted 30-second step: a code of it or before is refused (ASVS 6.5.1). */
  last_step: number | null;
  created_at: string;
  confirmed_at: string | null;
}

/** Single-use recovery codes, scrypt-hashed (auth/factors.ts). */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface Database {
  staff: StaffTable;
  session: SessionTable;
  login_attempt: LoginAttemptTable;
  server_secret: ServerSecretTable;
  idempotency_key: IdempotencyKeyTable;
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
  loan_policy: LoanPolicyTable;
  reminder: ReminderTable;
  job_schedule: JobScheduleTable;
  staff_passkey: StaffPasskeyTable;
  passkey_challenge: PasskeyChallengeTable;
  staff_totp: StaffTotpTable;
  staff_recovery_code: StaffRecoveryCodeTable;
}

export type TableName = keyof Database;
export type StaffRow = Selectable<StaffTable>;
