import type SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, SqliteDialect } from 'kysely';

/**
 * Kysely's SQLite dialect, with one change: a failed transaction is rolled back only if SQLite still
 * has it open. On some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM…) SQLite rolls the
 * transaction back by itself; Kysely's own ROLLBACK then fails with "cannot rollback - no
 * transaction is active", and that error replaced the real one (a full disk was logged as "cannot
 * rollback" and answered 500 instead of 507).
 */
export function sqliteDialect(database: SQLite.Database): SqliteDialect {
  return new (class extends SqliteDialect {
    createDriver(): Driver {
      const driver = super.createDriver();
      const rollback = driver.rollbackTransaction.bind(driver);
      driver.rollbackTransaction = async (connection: DatabaseConnection) => {
        if (database.inTransaction) await rollback(connection);
      };
      return driver;
    }
  })({ database });
}
