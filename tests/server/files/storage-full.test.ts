import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readdir, rm, statfs, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStorageLimits } from '../../../src/server/vod/config';
import { pageOf } from '../helpers/crud';
import { TEST_ENGINE } from '../helpers/database';
import { bookInput, createCategory, type TestServer } from '../helpers/test-server';
import { type Credential, credential, newMedia, ossCode, rawOss, rpc, startVodServer } from '../vod/helpers';

/**
 * A full disk: whatever the write (an image, an object, a part, the assembly of a multipart upload,
 * the database), nothing of it is left behind, the answer says "storage full" (507, code 50700 on
 * the API, InsufficientStorage on the bucket) and the log says disk full.
 */
const KiB = 1024;
const MiB = 1024 * KiB;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
/** What an upload may leave: everything but the database files. */
const uploadFiles = async (s: TestServer) =>
  (await filesUnder(s.dataDir)).filter((f) => !/lectern\.sqlite/.test(f)).map((f) => f.slice(s.dataDir.length));

function png(size: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(size);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return b;
}

async function uploadImage(s: TestServer, size: number) {
  const form = new FormData();
  form.append('file', new Blob([png(size)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${s.url}/prod-api/file/upload/img`, {
    method: 'POST',
    headers: { 'X-Token': s.adminToken },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: { url: string } } };
}

function expectStorageFull(res: { status: number; body: { code: number; msg: string } }) {
  expect(res.status).toBe(507);
  expect(res.body.code).toBe(50700);
  expect(res.body.msg).toMatch(/storage is full: nothing was saved/);
}

function expectDiskFullLogged(s: TestServer, cause: RegExp) {
  const full = s.logs.filter((l) => l.includes('storage full (disk full)'));
  expect(full.length, s.logs.join('\n')).toBeGreaterThan(0);
  expect(
    full.some((l) => cause.test(l)),
    full.join('\n'),
  ).toBe(true);
  expect(s.logs.join('\n')).not.toMatch(/cannot rollback/);
}

describe('a simulated full disk (every engine, every machine)', () => {
  // Writes fail past 1 MiB per file, like a disk with 1 MiB left.
  let s: TestServer;
  let cred: Credential;
  beforeAll(async () => {
    s = await startVodServer({}, { config: { storageReserveBytes: 0 }, diskFaults: { fullAfterBytes: MiB } });
    cred = await credential(s);
  });
  afterAll(() => s.close());

  it('an image upload answers 507 / 50700 and leaves no file and no record', async () => {
    expectStorageFull(await uploadImage(s, 2 * MiB));
    expect(await uploadFiles(s)).toEqual([]);
    expect((await pageOf(s, 'image', {})).body.data.total).toBe(0);
    expectDiskFullLogged(s, /ENOSPC/);
    // Under the limit it works: the failure was the disk, not the route.
    expect((await uploadImage(s, 100 * KiB)).status).toBe(201);
  });

  it('an object PUT and a part answer InsufficientStorage (507), received by the client, and leave nothing', async () => {
    const m = await newMedia(cred);
    const put = await rawOss(m.address, m.auth, { method: 'PUT', body: [randomBytes(2 * MiB)] });
    expect([put.status, ossCode(put.body)]).toEqual([507, 'InsufficientStorage']);
    expect(put.body).toContain('Storage full');
    const { uploadId } = await m.client.initMultipartUpload(m.address.FileName);
    const part = await rawOss(m.address, m.auth, {
      method: 'PUT',
      query: { partNumber: '1', uploadId },
      body: [randomBytes(2 * MiB)],
    });
    expect([part.status, ossCode(part.body)]).toEqual([507, 'InsufficientStorage']);
    expect((await uploadFiles(s)).filter((f) => f.startsWith('/oss'))).toEqual([]);
  });

  it('assembling a multipart upload on a full disk fails cleanly: the upload stays open, complete-able later', async () => {
    const m = await newMedia(cred);
    const name = m.address.FileName;
    const { uploadId } = await m.client.initMultipartUpload(name);
    const parts = [];
    for (let n = 1; n <= 3; n++) {
      const res = await rawOss(m.address, m.auth, {
        method: 'PUT',
        query: { partNumber: String(n), uploadId },
        body: [randomBytes(400 * KiB)],
      });
      expect(res.status).toBe(200);
      parts.push({ number: n, etag: String(res.headers.etag) });
    }
    // 1.2 MiB to assemble, 1 MiB of room.
    const err = await m.client.completeMultipartUpload(name, uploadId, parts).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 507, code: 'InsufficientStorage' });
    const listed = await rawOss(m.address, m.auth, { method: 'GET', query: { uploadId } });
    expect(listed.status).toBe(200);
    expect(listed.body.match(/<Part>/g)).toHaveLength(3);
    expect(existsSync(join(s.dataDir, 'oss', m.address.Bucket, name))).toBe(false);
    expect(await filesUnder(join(s.dataDir, 'oss', '.tmp'))).toEqual([]);
  });
});

/**
 * A real full disk: a small tmpfs mounted on the data folder (root only). On SQLite the database
 * lives there too, so SQLite itself runs out of room (SQLITE_FULL).
 */
const canMount = process.getuid?.() === 0;
if (!canMount) console.log('storage-full: the tmpfs tests need root to mount a file system; skipped.');

describe.runIf(canMount)('a real full disk (tmpfs)', () => {
  let s: TestServer;
  let cred: Credential;
  let categoryId: number;
  const filler = () => join(s.dataDir, 'filler');

  beforeAll(async () => {
    s = await startVodServer(
      { limits: { ...defaultStorageLimits } },
      {
        config: { storageReserveBytes: 0 },
        beforeStart: async (dir) => {
          execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir]);
        },
        beforeRemove: async (dir) => {
          execFileSync('umount', [dir]);
        },
      },
    );
    cred = await credential(s);
    categoryId = await createCategory(s, 'Full disk');
  });
  afterAll(() => s?.close());

  const free = async () => {
    const f = await statfs(s.dataDir);
    return f.bavail * f.bsize;
  };

  /** Fills the disk so that exactly `leave` bytes stay free. */
  async function fillLeaving(leave: number) {
    await rm(filler(), { force: true });
    const fh = await open(filler(), 'w');
    const chunk = Buffer.alloc(64 * KiB);
    try {
      while ((await free()) > leave) {
        const room = (await free()) - leave;
        await fh.write(chunk, 0, Math.min(chunk.length, room));
      }
    } finally {
      await fh.close();
    }
    expect(await free()).toBe(leave);
  }

  it('refuses an upload bigger than the free space at once (507), writing nothing', async () => {
    await fillLeaving(512 * KiB);
    expectStorageFull(await uploadImage(s, MiB));
    const m = await newMedia(cred);
    const before = await free();
    const put = await rawOss(m.address, m.auth, { method: 'PUT', body: [randomBytes(MiB)] });
    expect([put.status, ossCode(put.body)]).toEqual([507, 'InsufficientStorage']);
    expect((await uploadFiles(s)).filter((f) => f !== '/filler')).toEqual([]);
    expect(await free()).toBe(before);
  });

  it.runIf(TEST_ENGINE === 'sqlite')(
    'SQLite out of room: the image written, its record refused with SQLITE_FULL, the file removed, 507',
    async () => {
      // An empty write-ahead log, so the next transaction must grow it.
      await rm(filler(), { force: true });
      await sql`pragma wal_checkpoint(truncate)`.execute(s.db);
      // Every signed-in request first notes the session's activity (a small write of its own):
      // measured here, so the room left is that, the image's bytes, and not one page more.
      const before = await free();
      expect((await s.call('GET', '/auth/info', { token: s.adminToken })).status).toBe(200);
      const sessionWrite = before - (await free());
      await sql`pragma wal_checkpoint(truncate)`.execute(s.db);
      await fillLeaving(256 * KiB + sessionWrite);
      expectStorageFull(await uploadImage(s, 256 * KiB));
      expect((await uploadFiles(s)).filter((f) => f !== '/filler')).toEqual([]);
      expectDiskFullLogged(s, /database or disk is full/);

      // Not a byte left: any write to the database, a book…
      await fillLeaving(0);
      const book = await s.call('POST', '/book', { token: s.adminToken, body: bookInput({ categoryId }) });
      expectStorageFull(book as { status: number; body: { code: number; msg: string } });
      // …or a video ticket, answered in the video service's own error shape.
      const t = await rpc(cred, 'CreateUploadVideo', { Title: 'T', FileName: 't.mp4', FileSize: 1 });
      expect([t.status, t.body.Code]).toEqual([507, 'InsufficientStorage']);
    },
  );

  it('works again once space is freed', async () => {
    await rm(filler(), { force: true });
    expect((await uploadImage(s, 256 * KiB)).status).toBe(201);
    const book = await s.call('POST', '/book', { token: s.adminToken, body: bookInput({ categoryId }) });
    expect(book.status).toBe(201);
    const m = await newMedia(cred);
    expect((await m.client.put(m.address.FileName, randomBytes(MiB))).res.status).toBe(200);
  });
});

describe.runIf(canMount && TEST_ENGINE === 'sqlite')('a real full disk during an object PUT (tmpfs, SQLite)', () => {
  it('the object is written, its record refused (SQLITE_FULL): the file is removed and the client gets 507', async () => {
    const s = await startVodServer(
      {},
      {
        config: { storageReserveBytes: 0 },
        beforeStart: async (dir) => {
          execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir]);
        },
        beforeRemove: async (dir) => {
          execFileSync('umount', [dir]);
        },
      },
    );
    try {
      const cred = await credential(s);
      const m = await newMedia(cred);
      await sql`pragma wal_checkpoint(truncate)`.execute(s.db);
      const f = await statfs(s.dataDir);
      const room = f.bavail * f.bsize;
      const filler = join(s.dataDir, 'filler');
      const fh = await open(filler, 'w');
      await fh.close();
      await truncate(filler, 0);
      // Leave exactly 256 KiB: the object fits, the database's next page does not.
      const fill = await open(filler, 'w');
      const chunk = Buffer.alloc(64 * KiB);
      for (let left = room - 256 * KiB; left > 0; left -= chunk.length) {
        await fill.write(chunk, 0, Math.min(chunk.length, left));
      }
      await fill.close();
      const put = await rawOss(m.address, m.auth, { method: 'PUT', body: [randomBytes(256 * KiB)] });
      expect([put.status, ossCode(put.body)]).toEqual([507, 'InsufficientStorage']);
      expect((await uploadFiles(s)).filter((x) => x !== '/filler')).toEqual([]);
      expectDiskFullLogged(s, /database or disk is full/);
    } finally {
      await s.close();
    }
  });
});
