import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { seedLarge } from '../../../bench/seed-large';
import { verifyCopy } from '../../../src/server/ops/convert';
import { SoftAuthenticator } from '../auth/soft-authenticator';
import { createDatabase, dropDatabase, pgQuery, uniqueDatabaseName } from '../helpers/database';
import { npmRun } from '../helpers/npm-run';
import { type Spawned, spawnServer, spawnWithAdmin } from '../helpers/spawn-server';
import { tempDirForFile } from '../helpers/temp';
import { type Credential, rpc, type Ticket, uploadTarget } from '../vod/helpers';

/**
 * `npm run migrate-to-postgres` from real SQLite files into real PostgreSQL databases, checked
 * against the source and through a server started on the result. Needs DATABASE_URL
 * (tests/server/pg/run.sh); skipped on a SQLite-only run.
 */
const enabled = !!process.env.DATABASE_URL;
const PASSWORD = 'Convert-admin-pass-1';
const tmp = tempDirForFile('lectern-convert-');
const databases: string[] = [];

afterAll(async () => {
  for (const name of databases) await dropDatabase(name);
});

async function newDatabase(): Promise<string> {
  const name = uniqueDatabaseName('lectern_conv');
  databases.push(name);
  return createDatabase(name);
}

/** Row counts of every data table of a SQLite file. */
function sqliteCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = (
      db
        .prepare(
          `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name not like 'book_fts%'`,
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    return Object.fromEntries(
      tables.map((t) => [t, (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

async function pgCounts(url: string, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables)
    out[t] = (await pgQuery<{ n: number }>(url, `select count(*)::int as n from "${t}"`))[0]?.n ?? -1;
  return out;
}

async function call<T>(
  s: Spawned,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${s.url}/prod-api${path}`, {
    method,
    headers: {
      ...(token ? { 'x-token': token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: T } };
}

/**
 * The demo site (LECTERN_SEED=demo) used for a while: sign-ins (one failed), an image, a video
 * uploaded whole, another half uploaded, reported progress, a saved list view (sent with an
 * idempotency key), a passkey added and a passkey sign-in begun. Every table then has rows.
 */
async function demoSite(data: string): Promise<{ token: string }> {
  const s = await spawnWithAdmin(data, PASSWORD, { LECTERN_SEED: 'demo', DATABASE_URL: undefined });
  try {
    expect((await call(s, 'POST', '/auth/login', undefined, { userName: 'admin', password: 'wrong-one' })).status).toBe(
      401,
    );
    const token = (
      await call<{ token: string }>(s, 'POST', '/auth/login', undefined, { userName: 'admin', password: PASSWORD })
    ).body.data.token;
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)])]),
      'p.png',
    );
    const img = await fetch(`${s.url}/prod-api/file/upload/img`, {
      method: 'POST',
      headers: { 'x-token': token },
      body: form,
    });
    expect(img.status).toBe(201);
    // Sent as the service worker sends a queued write: its key is kept (idempotency_key).
    const view = await call(
      s,
      'POST',
      '/views',
      token,
      { list: 'book', name: 'On shelf', search: { status: 'on_shelf' } },
      { 'idempotency-key': 'demo-view-1' },
    );
    expect(view.status).toBe(201);
    // The admin adds a passkey (staff_passkey); a passkey sign-in is started and not finished
    // (passkey_challenge).
    const passkey = new SoftAuthenticator(s.url);
    const creation = await call<never>(s, 'POST', '/auth/passkeys/registration/options', token);
    const added = await call(s, 'POST', '/auth/passkeys/registration/verify', token, {
      name: 'Demo laptop',
      response: passkey.create(creation.body.data),
    });
    expect(added.status).toBe(201);
    expect((await call(s, 'POST', '/auth/passkeys/authentication/options')).status).toBe(200);
    const cred = (await call<Credential>(s, 'GET', '/video/upload/credential', token)).body.data;
    const upload = async (name: string) => {
      const t = await rpc<Ticket>(cred, 'CreateUploadVideo', {
        Title: name,
        FileName: `${name}.mp4`,
        FileSize: 5_000_000_000,
      });
      expect(t.status).toBe(200);
      const { address, client } = uploadTarget(t.body);
      return { t, address, client };
    };
    const whole = await upload('whole');
    await whole.client.put(whole.address.FileName, Buffer.from('a whole small video'));
    const half = await upload('half');
    const file = join(data, 'half.bin');
    await writeFile(file, randomBytes(120 * 1024));
    const { uploadId } = await half.client.initMultipartUpload(half.address.FileName);
    await half.client.uploadPart(half.address.FileName, uploadId, 1, file, 0, 100 * 1024);
    const progress = await rpc(cred, 'ReportUploadProgress', {
      UserId: cred.userId,
      FileHash: 'abc123',
      FileName: 'half.mp4',
      FileSize: 5_000_000_000,
      UploadPoint: JSON.stringify({ uploadId, partNumber: 1 }),
      VideoId: half.t.body.VideoId,
    });
    expect(progress.status).toBe(200);
    return { token };
  } finally {
    expect(await s.stop()).toBe(0);
  }
}

describe.skipIf(!enabled)('migrate-to-postgres', () => {
  it('the demo database: every table copied, ids, versions and sequences kept, verified; a server runs on it', async () => {
    const data = join(tmp.path, 'demo');
    const { token } = await demoSite(data);
    const sqliteFile = join(data, 'lectern.sqlite');
    const source = sqliteCounts(sqliteFile);
    const tables = Object.keys(source).length;
    // Every table of the schema (no fixed number: migrations add tables), each with rows.
    expect(tables).toBeGreaterThanOrEqual(26);
    for (const [t, n] of Object.entries(source)) expect(n, `${t} has rows`).toBeGreaterThan(0);

    const url = await newDatabase();
    const res = await npmRun('migrate-to-postgres', [url], { LECTERN_DATA: data });
    expect(res.code, res.output).toBe(0);
    expect(res.output).toMatch(new RegExp(`Copied and verified ${tables} tables`));
    expect(await pgCounts(url, Object.keys(source))).toEqual(source);
    expect(await verifyCopy(sqliteFile, url)).toEqual([]);

    // Ids and versions as they were; bigints exact.
    const db = new SQLite(sqliteFile, { readonly: true });
    const book = db.prepare('select id, title, version, updated_at from book where id = 17').get();
    const video = db.prepare('select video_id, file_size from video order by id limit 1').get() as {
      file_size: number;
    };
    db.close();
    expect((await pgQuery(url, 'select id, title, version, updated_at from book where id = 17'))[0]).toEqual(book);
    expect(
      Number(
        (await pgQuery<{ file_size: string }>(url, 'select file_size from video order by id limit 1'))[0]?.file_size,
      ),
    ).toBe(video.file_size);

    // A server on the result: same password and passkey, same session, new ids after the copied ones.
    const s = await spawnServer({ LECTERN_DATA: data, LECTERN_DIST: join(tmp.path, 'no-dist'), DATABASE_URL: url });
    try {
      // The admin added a passkey above, so the right password answers passkey_only (a wrong one,
      // or a hash not copied, would be 60204): the password and the passkey both came across.
      const signIn = await call(s, 'POST', '/auth/login', undefined, { userName: 'admin', password: PASSWORD });
      const reason = (signIn.body.data as { reason?: { code?: string } } | undefined)?.reason?.code;
      expect([signIn.status, reason]).toEqual([409, 'passkey_only']);
      const info = await call<{ database: string; counts: Record<string, number> }>(s, 'GET', '/system/info', token);
      expect(info.status).toBe(200);
      expect(info.body.data.database).toBe('postgres');
      expect(info.body.data.counts.book).toBe(source.book);
      const maxId = (await pgQuery<{ m: number }>(url, 'select max(id)::int as m from book'))[0]?.m as number;
      const created = await call<{ id: number; version: number }>(s, 'POST', '/book', token, {
        title: 'After the move',
        author: 'Someone',
        categoryId: 1,
        stock: 1,
        status: 'on_shelf',
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ id: maxId + 1, version: 0 });
      const page = await call<{ total: number }>(s, 'POST', '/book/page', token, {
        pageNum: 1,
        pageSize: 10,
        keyword: 'After the move',
      });
      expect(page.body.data.total).toBe(1);
    } finally {
      await s.stop();
    }

    // Again into the same (now non-empty) database: refused; with --replace: done, and verified.
    const again = await npmRun('migrate-to-postgres', [url], { LECTERN_DATA: data });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(
      /the target database is not empty \(rows in .*book.*\): use an empty database, or pass --replace/,
    );
    const replaced = await npmRun('migrate-to-postgres', [url, '--replace'], { LECTERN_DATA: data });
    expect(replaced.code, replaced.output).toBe(0);
    expect(await pgCounts(url, Object.keys(source))).toEqual(source);

    // A changed row is caught by the checksum, with the counts equal.
    await pgQuery(url, `update book set title = title || '!' where id = 17`);
    const mismatches = await verifyCopy(sqliteFile, url);
    expect(mismatches.map((m) => m.table)).toEqual(['book']);
    expect(mismatches[0]?.source.rows).toBe(mismatches[0]?.target.rows);
  }, 240_000);

  it('--without-sessions leaves sessions behind: everyone signs in again', async () => {
    const data = join(tmp.path, 'demo');
    const url = await newDatabase();
    const res = await npmRun('migrate-to-postgres', [url, '--without-sessions'], { LECTERN_DATA: data });
    expect(res.code, res.output).toBe(0);
    expect((await pgQuery<{ n: number }>(url, 'select count(*)::int as n from session'))[0]?.n).toBe(0);
    expect((await pgQuery<{ n: number }>(url, 'select count(*)::int as n from staff'))[0]?.n).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a SQLite file that is not migrated to this version', async () => {
    const data = join(tmp.path, 'old');
    await mkdir(data, { recursive: true });
    const db = new SQLite(join(data, 'lectern.sqlite'));
    db.exec(`create table kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)`);
    db.exec(`insert into kysely_migration values ('0001-init', '2026-01-01T00:00:00.000Z')`);
    db.close();
    const res = await npmRun('migrate-to-postgres', [await newDatabase()], { LECTERN_DATA: data });
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/lacks migrations 0002-content, 0003-book-search, 0004-audit-record-index, 0005-vod/);
  }, 60_000);

  it('a 100,000-book database', async () => {
    const data = join(tmp.path, 'large');
    await mkdir(data, { recursive: true });
    const sqliteFile = join(data, 'lectern.sqlite');
    const counts = await seedLarge(sqliteFile);
    expect(counts.books).toBe(100_000);
    const url = await newDatabase();
    const res = await npmRun('migrate-to-postgres', [url, '--from', sqliteFile], {});
    expect(res.code, res.output).toBe(0);
    expect(res.output).toMatch(/book\s+100000 rows/);
    const source = sqliteCounts(sqliteFile);
    expect(await pgCounts(url, Object.keys(source))).toEqual(source);
    // The next id follows the copied ones; the rebuilt indexes answer a keyword search.
    const [next] = await pgQuery<{ id: number }>(
      url,
      `insert into book (title, author, category_id, stock, status, version, created_at, updated_at)
       values ('Next', 'One', 1, 1, 'on_shelf', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z') returning id`,
    );
    expect(next?.id).toBe(100_001);
    const indexes = await pgQuery<{ n: number }>(
      url,
      `select count(*)::int as n from pg_indexes where tablename = 'book'`,
    );
    expect(indexes[0]?.n).toBeGreaterThan(10);
  }, 300_000);
});
