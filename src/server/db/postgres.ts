import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { OpenedDatabase } from './opened';
import type { Database } from './schema';

/** int8 (count(*), sum(integer), bigint sizes) and numeric (sum(bigint)): numbers, as SQLite gives them. */
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** The URL for logs: user, host, port and database, never the password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/** The pool behind each Kysely instance openPostgres made: metrics read its counts (ops/metrics.ts). */
const pools = new WeakMap<object, pg.Pool>();
export const poolOf = (db: object): pg.Pool | undefined => pools.get(db);

/**
 * PostgreSQL through a `pg` pool. Each request takes a connection for one query or one
 * transaction and gives it back, so a pool of ten serves many concurrent requests; several server
 * instances each have their own pool (size them so instances × (pool + 1) ≤ the server's max_connections:
 * the live events hold one more connection per instance, events/bus.ts).
 */
export function openPostgres(url: string, opts: { poolSize?: number } = {}): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    types,
    // Fail a start against a wrong host fast instead of hanging on the OS's TCP timeout.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'lectern',
  });
  // An idle client losing its server (restart, failover) must not crash the process; the pool
  // drops it and the next query opens a new one.
  pool.on('error', (err) => console.error('PostgreSQL pool: idle connection lost:', err.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, dialect: 'postgres', location: redactUrl(url) };
}
