import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { OpenedDatabase } from '../../../src/server/db/open';
import { openTestDatabase, type TestDatabase } from './database';

/**
 * A temp folder for the tests of one file: made before them, removed after them. Call it at the
 * top of the file, before the file's own hooks: hooks after the tests run in reverse order, so the
 * folder goes last, once the file has stopped what it started in it.
 */
export function tempDirForFile(prefix: string): { readonly path: string } {
  let path: string | undefined;
  beforeAll(async () => {
    path = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (path) await rm(path, { recursive: true, force: true });
  });
  return {
    get path() {
      if (!path) throw new Error('tempDirForFile: the folder is made in beforeAll');
      return path;
    },
  };
}

/** A fresh, empty database on the test engine for the tests of one file, disposed of after them. */
export function testDatabaseForFile(prefix: string): { readonly opened: OpenedDatabase } {
  const tmp = tempDirForFile(prefix);
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await openTestDatabase(join(tmp.path, 'data'));
  });
  afterAll(() => t?.dispose());
  return {
    get opened() {
      if (!t) throw new Error('testDatabaseForFile: the database is opened in beforeAll');
      return t.opened;
    },
  };
}
