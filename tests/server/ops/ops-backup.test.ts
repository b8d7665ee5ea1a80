import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST } from '../../../src/server/ops/backup';
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  dropSpawnedDatabases,
  TEST_ENGINE,
  uniqueDatabaseName,
} from '../helpers/database';
import { npmRun } from '../helpers/npm-run';
import { signInAdmin, spawnServer, spawnWithAdmin } from '../helpers/spawn-server';
import { tempDirForFile } from '../helpers/temp';

/**
 * `npm run backup` while a real server takes writes, `npm run restore` into a fresh place, and a
 * server on the restored data: every write acknowledged before the backup began is there, the
 * copy is consistent (each writer's records are a prefix of what it wrote), every image file the
 * restored database names is there with its bytes. On the suite's engine.
 */
const PASSWORD = 'Backup-admin-pass-1';
const tmp = tempDirForFile('lectern-backup-');
const databases: string[] = [];

afterAll(async () => {
  await dropSpawnedDatabases();
  for (const name of databases) await dropDatabase(name);
});

/** A fresh target for a restore: a data folder and, on PostgreSQL, an empty database. */
async function freshTarget(name: string): Promise<{ LECTERN_DATA: string; DATABASE_URL: string | undefined }> {
  if (TEST_ENGINE === 'sqlite') return { LECTERN_DATA: join(tmp.path, name), DATABASE_URL: undefined };
  const db = uniqueDatabaseName('lectern_restore');
  databases.push(db);
  return { LECTERN_DATA: join(tmp.path, name), DATABASE_URL: await createDatabase(db) };
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface Ack {
  name: string;
  at: number;
}

describe('backup and restore', () => {
  it('a backup taken under write load restores every write acknowledged before it, consistently, with the files', async () => {
    const sourceData = join(tmp.path, 'source');
    const server = await spawnWithAdmin(sourceData, PASSWORD);
    const token = await signInAdmin(server.url, PASSWORD);

    // Two writers: categories one after another, an image every fourth write.
    const acks: Ack[][] = [[], []];
    const images = new Map<string, Buffer>();
    let writing = true;
    const deadline = Date.now() + 60_000;
    const writer = async (w: number) => {
      for (let i = 0; i < 3000 && writing && Date.now() < deadline; i++) {
        const name = `w${w}-${String(i).padStart(5, '0')}`;
        const res = await fetch(`${server.url}/prod-api/category`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-token': token },
          body: JSON.stringify({ name }),
        });
        expect(res.status).toBe(201);
        await res.arrayBuffer();
        acks[w]?.push({ name, at: Date.now() });
        if (i % 4 === 0) {
          const bytes = Buffer.concat([Buffer.from(PNG), randomBytes(2000 + i)]);
          const form = new FormData();
          form.append('file', new Blob([bytes], { type: 'image/png' }), `${name}.png`);
          const up = await fetch(`${server.url}/prod-api/file/upload/img`, {
            method: 'POST',
            headers: { 'x-token': token },
            body: form,
          });
          expect(up.status).toBe(201);
          const { url } = ((await up.json()) as { data: { url: string } }).data;
          images.set(url, bytes);
        }
      }
    };
    const writers = Promise.all([writer(0), writer(1)]);

    await new Promise((r) => setTimeout(r, 1500));
    const folder = join(tmp.path, 'backup-1');
    const backupStarted = Date.now();
    const made = await npmRun('backup', [folder], {
      LECTERN_DATA: sourceData,
      DATABASE_URL: await databaseUrlFor(sourceData),
    });
    const backupEnded = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await writers;
    await server.stop();
    expect(made.code, made.output).toBe(0);
    expect(made.output).toMatch(/Backup done in [\d.]+ s/);

    const manifest = JSON.parse(await readFile(join(folder, MANIFEST), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, engine: TEST_ENGINE });
    expect(manifest.migrations).toContain('0005-vod');
    // It really ran under load: writes were acknowledged while it ran.
    const during = acks.flat().filter((a) => a.at > backupStarted && a.at < backupEnded);
    expect(during.length).toBeGreaterThan(0);
    expect(manifest.files.copied).toBeGreaterThan(0);

    const target = await freshTarget('restored');
    const restored = await npmRun('restore', [folder], target);
    expect(restored.code, restored.output).toBe(0);

    // A server on the restored data: the old session still works (sessions are data too).
    const again = await spawnServer({ ...target, LECTERN_DIST: join(tmp.path, 'no-dist') });
    try {
      const list = await fetch(`${again.url}/prod-api/category/list`, { headers: { 'x-token': token } });
      expect(list.status).toBe(200);
      const names = new Set(((await list.json()) as { data: { name: string }[] }).data.map((c) => c.name));
      for (const mine of acks) {
        const before = mine.filter((a) => a.at < backupStarted);
        expect(before.length).toBeGreaterThan(5);
        for (const a of before) expect(names.has(a.name), a.name).toBe(true);
        // Consistent: what the copy has of one writer is the start of its sequence, no holes.
        const present = mine.map((a) => names.has(a.name));
        const firstMissing = present.indexOf(false);
        if (firstMissing >= 0) expect(present.slice(firstMissing).every((p) => !p)).toBe(true);
      }
      // Every image the restored database lists is served with the bytes uploaded.
      const items: { url: string }[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await fetch(`${again.url}/prod-api/image/page`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-token': token },
          body: JSON.stringify({ pageNum, pageSize: 100 }),
        });
        const got = ((await page.json()) as { data: { items: { url: string }[] } }).data.items;
        items.push(...got);
        if (got.length < 100) break;
      }
      expect(items.length).toBeGreaterThan(2);
      for (const { url } of items) {
        const res = await fetch(`${again.url}${url}`);
        expect(res.status, url).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(images.get(url) as Buffer), url).toBe(true);
      }
    } finally {
      await again.stop();
    }

    // Restoring over data that exists is refused unless told.
    const refused = await npmRun('restore', [folder], target);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/already has a database or files: restore into an empty one, or pass --force/);
    const forced = await npmRun('restore', [folder, '--force'], target);
    expect(forced.code, forced.output).toBe(0);
  }, 180_000);

  it('refuses a non-empty backup folder, a folder without a manifest, and the other engine', async () => {
    const data = join(tmp.path, 'small');
    const server = await spawnWithAdmin(data, PASSWORD);
    await server.stop();
    const env = { LECTERN_DATA: data, DATABASE_URL: await databaseUrlFor(data) };
    const folder = join(tmp.path, 'backup-small');
    expect((await npmRun('backup', [folder], env)).code).toBe(0);
    const again = await npmRun('backup', [folder], env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty: back up into a new folder/);

    const notABackup = await npmRun('restore', [join(tmp.path, 'no-such-backup')], await freshTarget('x'));
    expect(notABackup.code).toBe(1);
    expect(notABackup.output).toMatch(/has no lectern-backup\.json/);

    const otherEngine =
      TEST_ENGINE === 'sqlite'
        ? { LECTERN_DATA: join(tmp.path, 'y'), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }
        : { LECTERN_DATA: join(tmp.path, 'y'), DATABASE_URL: undefined };
    const wrong = await npmRun('restore', [folder], otherEngine);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(TEST_ENGINE === 'sqlite' ? /this is a SQLite backup/ : /this is a PostgreSQL backup/);
    expect(await readdir(folder)).toContain(MANIFEST);
  }, 120_000);
});
