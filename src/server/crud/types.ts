import type { Expression, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Role } from '../../contract/auth';
import type { Roles } from '../../contract/resource-spec';
import type { AuthUser } from '../context';
import type { FullTextIndex } from '../db/dialect';
import type { Database, TableName } from '../db/schema';
import type { Services } from '../services';
import type { BatchDef } from './batch';
import type { ImportDef } from './import';

export type Db = Kysely<Database>;

/** The paging part every page schema produces (contract/common.ts `pageBase` + `sort`). */
export interface PageFields {
  pageNum: number;
  pageSize: number;
  keyword?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export interface RowBase {
  id: number;
  version: number;
}

/** What hooks get: the write's own transaction, the actor, and (update/delete) the record before. */
export interface WriteContext<Row> {
  trx: Db;
  services: Services;
  user: AuthUser;
  action: 'create' | 'update' | 'delete';
  id?: number;
  before?: Row;
}

/** A unique column (optionally within `scope` columns); named index `${table}_${cols}_uq`. */
export interface UniqueRule {
  /** Contract field the 409 names. */
  field: string;
  column: string;
  scope?: string[];
  /** The 409 msg; default `<field> "<value>" is already in use`. */
  message?: (value: unknown) => string;
}

/**
 * Everything that differs between resources. The machinery (define-resource.ts) turns it into
 * page/create/update/delete/export routes with validation, transactions, optimistic versions,
 * unique checks and audit rows, identically for every resource.
 */
export interface ResourceDef<
  QDB,
  QTB extends keyof QDB,
  Row extends RowBase,
  Out extends object,
  CS extends z.ZodType,
  US extends z.ZodType = z.ZodNever,
  PS extends z.ZodType<PageFields> = z.ZodType<PageFields>,
> {
  /**
   * The noun (a key of src/resources/specs.ts: 'book', 'subclass'): what audit rows, live events
   * and presence name the records by.
   */
  noun: string;
  /** Route path under /prod-api without leading slash ('book', 'category/subclass'): the spec's `api`. */
  api: string;
  table: TableName;
  /** Roles allowed on every route of the resource: the resource spec's `roles`. */
  roles: Roles;
  schemas: { create?: CS; update?: US; page: PS };
  /** The one SELECT (with joins) behind list rows and single records, so both always match. */
  select: (db: Db) => SelectQueryBuilder<QDB, QTB, Row>;
  /** Qualified id column of `select`, e.g. 'book.id'. */
  idColumn: string;
  /** Contract sort field → qualified column. The page schema already rejects unknown fields. */
  sortColumns: Record<string, string>;
  keywordColumns: readonly string[];
  /** A full-text index over `keywordColumns` (db/dialect.ts); the keyword results stay the same. */
  fullText?: FullTextIndex;
  /**
   * Filters, keyword and sort use only the resource's own table, so counting and picking a page's
   * ids can skip the joins of `select` (page-query.ts `pageRows`).
   */
  pageFromTable?: boolean | ((page: PageFields) => boolean);
  filters?: (page: z.output<PS>) => Expression<SqlBool>[];
  toApi: (row: Row) => Out;
  /**
   * Validated input (without id/version) → table columns. Runs before the transaction (may hash,
   * may refuse with 400); `target` is the record's id on update.
   */
  toColumns: (
    input: Omit<z.output<CS> | z.output<US>, 'id' | 'version'>,
    ctx: { user: AuthUser; target?: number },
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  unique?: readonly UniqueRule[];
  /** Reference and state checks inside the write's transaction (400/409). */
  check?: (input: z.output<CS> | z.output<US>, ctx: WriteContext<Row>) => Promise<void>;
  beforeDelete?: (ctx: WriteContext<Row> & { id: number; before: Row }) => Promise<void>;
  /**
   * Adjust the columns inside the transaction, after `check`, from the record before (e.g. news
   * keeps its first publishedAt). Mutates `columns`.
   */
  prepare?: (
    columns: Record<string, unknown>,
    input: z.output<CS> | z.output<US>,
    ctx: WriteContext<Row>,
  ) => Promise<void> | void;
  /** Side effects inside the same transaction (e.g. ending sessions). */
  afterWrite?: (input: z.output<CS> | z.output<US> | null, ctx: WriteContext<Row> & { id: number }) => Promise<void>;
  /** After a delete has committed: effects that cannot be rolled back (removing a stored file). */
  afterDeleteCommit?: (before: Row) => Promise<void>;
  /** Input fields audited as "(changed)" / "(set)" and never by value (passwords). */
  secretFields?: readonly string[];
  /** Output fields a client may echo back on create/update; dropped before strict validation. */
  readOnlyFields?: readonly string[];
  /** Which write routes exist (video has no update, image no create). Default all. */
  operations?: { create?: boolean; update?: boolean; delete?: boolean; export?: boolean };
  /** CSV export column order; default the keys of the API record. */
  csvColumns?: readonly string[];
  /** `POST /{r}/import` (import.ts): how a CSV row becomes create input. */
  importer?: ImportDef;
  /** `POST /{r}/batch` (batch.ts): the fields a batch edit may set. */
  batch?: BatchDef;
}

export interface RegisteredResource {
  /** The noun: the key of audit rows, live events, presence and the system counts. */
  noun: string;
  /** Its route path under /prod-api (data of the contract, never a key). */
  api: string;
  table: TableName;
  /** Who may use it (absent: both roles); live events and presence follow the same rule. */
  roles?: readonly Role[];
}
