import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStorageLimits } from '../../../src/server/vod/config';
import type { TestServer } from '../helpers/test-server';
import {
  type Credential,
  credential,
  newMedia,
  ossCode,
  ossError,
  rawOss,
  startVodServer,
  type UploadAddress,
  type UploadAuth,
} from './helpers';

/**
 * The local bucket's caps, as the cloud has them (object 5 GiB, parts up to 5 GiB, 10,000 parts)
 * plus a quota and a free-space reserve: refused from Content-Length, before any byte is stored.
 */
const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/** Every file under a folder (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const ossDir = (s: TestServer) => join(s.dataDir, 'oss');

/** UploadPart `partNumber` of `uploadId` sent by hand (rawOss: none of ali-oss's own checks). */
const putPart = (
  m: { address: UploadAddress; auth: UploadAuth },
  uploadId: string,
  partNumber: number,
  body: Uint8Array,
) => rawOss(m.address, m.auth, { method: 'PUT', query: { partNumber: String(partNumber), uploadId }, body: [body] });

describe('caps', () => {
  let s: TestServer;
  let cred: Credential;
  beforeAll(async () => {
    s = await startVodServer({
      limits: { ...defaultStorageLimits, maxObjectBytes: 1 * MiB, maxPartBytes: 2 * MiB, maxParts: 3 },
    });
    cred = await credential(s);
  });
  afterAll(() => s.close());

  it('refuses a PUT over the object cap with EntityTooLarge and stores nothing; takes one at the cap', async () => {
    const m = await newMedia(cred);
    const err = await ossError(m.client.put(m.address.FileName, randomBytes(MiB + 1)));
    expect(err).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await filesUnder(ossDir(s))).toEqual([]);
    const ok = await m.client.put(m.address.FileName, randomBytes(MiB));
    expect(ok.res.status).toBe(200);
    expect(existsSync(join(ossDir(s), m.address.Bucket, m.address.FileName))).toBe(true);
  });

  it('refuses a part over the part cap (EntityTooLarge) and a part number over the count (InvalidArgument)', async () => {
    const m = await newMedia(cred);
    const name = m.address.FileName;
    const { uploadId } = await m.client.initMultipartUpload(name);
    const big = Buffer.from(randomBytes(2 * MiB + 1));
    const tooBig = await putPart(m, uploadId, 1, big);
    expect([tooBig.status, ossCode(tooBig.body)]).toEqual([400, 'EntityTooLarge']);
    expect(tooBig.body).toContain('<MaxSizeAllowed>2097152</MaxSizeAllowed>');
    const fourth = await putPart(m, uploadId, 4, Buffer.from('x'));
    expect([fourth.status, ossCode(fourth.body)]).toEqual([400, 'InvalidArgument']);
    expect(fourth.body).toContain('between 1 and 3');
    expect(await filesUnder(ossDir(s))).not.toContainEqual(expect.stringContaining(uploadId));
    const part = await putPart(m, uploadId, 3, big.subarray(0, 2 * MiB));
    expect(part.status).toBe(200);
  });

  it('needs a Content-Length: a chunked PUT is MissingContentLength (411)', async () => {
    const m = await newMedia(cred);
    const res = await rawOss(m.address, m.auth, { method: 'PUT', declare: null, body: [Buffer.from('abc')] });
    expect([res.status, ossCode(res.body)]).toEqual([411, 'MissingContentLength']);
  });
});

describe('default caps', () => {
  let s: TestServer;
  let cred: Credential;
  beforeAll(async () => {
    s = await startVodServer();
    cred = await credential(s);
  });
  afterAll(() => s.close());

  it('answers a PUT declaring 6 GiB at once with EntityTooLarge, having stored no byte of it', async () => {
    const m = await newMedia(cred);
    const chunk = Buffer.alloc(64 * KiB);
    const res = await rawOss(m.address, m.auth, {
      method: 'PUT',
      declare: 6 * GiB,
      body: Array.from({ length: 64 }, () => chunk),
      gapMs: 20,
    });
    expect([res.status, ossCode(res.body)]).toEqual([400, 'EntityTooLarge']);
    expect(res.body).toContain(`<ProposedSize>${6 * GiB}</ProposedSize>`);
    expect(res.body).toContain(`<MaxSizeAllowed>${5 * GiB}</MaxSizeAllowed>`);
    // Answered long before the client could send its body, and the connection is not kept for it.
    expect(res.sent).toBeLessThan(64 * 64 * KiB);
    expect(res.headers.connection).toBe('close');
    expect(await filesUnder(ossDir(s))).toEqual([]);
  });

  it('refuses part number 10001', async () => {
    const m = await newMedia(cred);
    const { uploadId } = await m.client.initMultipartUpload(m.address.FileName);
    const res = await putPart(m, uploadId, 10001, Buffer.from('x'));
    expect([res.status, ossCode(res.body)]).toEqual([400, 'InvalidArgument']);
    expect(res.body).toContain('between 1 and 10000');
  });
});

describe('quota', () => {
  let s: TestServer;
  let cred: Credential;
  beforeAll(async () => {
    s = await startVodServer({ limits: { ...defaultStorageLimits, quotaBytes: 3 * MiB } });
    cred = await credential(s);
  });
  afterAll(() => s.close());

  it('counts objects, open parts and uploads in progress; QuotaExceeded (403) stores nothing', async () => {
    const video = await newMedia(cred);
    const { uploadId } = await video.client.initMultipartUpload(video.address.FileName);
    const part = await putPart(video, uploadId, 1, randomBytes(MiB));
    expect(part.status).toBe(200);
    const first = await newMedia(cred, 'image');
    expect((await first.client.put(first.address.FileName, randomBytes(1.5 * MiB))).res.status).toBe(200);

    // 1 MiB of parts + 1.5 MiB stored: 1 MiB more would pass 3 MiB.
    const second = await newMedia(cred, 'image');
    const over = await rawOss(second.address, second.auth, { method: 'PUT', body: [randomBytes(MiB)] });
    expect([over.status, ossCode(over.body)]).toEqual([403, 'QuotaExceeded']);
    expect(over.body).toContain(`<UsedSize>${2.5 * MiB}</UsedSize>`);
    expect(existsSync(join(ossDir(s), second.address.Bucket, second.address.FileName))).toBe(false);
    expect(await filesUnder(join(ossDir(s), '.tmp'))).toEqual([]);

    // Aborting the upload frees its parts.
    await video.client.abortMultipartUpload(video.address.FileName, uploadId);
    expect((await second.client.put(second.address.FileName, randomBytes(MiB))).res.status).toBe(200);
  });

  it('counts an upload still arriving: a second one is refused until the first is stored', async () => {
    const s2 = await startVodServer({ limits: { ...defaultStorageLimits, quotaBytes: 3 * MiB } });
    try {
      const c2 = await credential(s2);
      const slow = await newMedia(c2, 'image');
      const fast = await newMedia(c2, 'image');
      const half = randomBytes(MiB);
      // 2 MiB declared, the first half now, the rest later: the server holds 2 MiB for it meanwhile.
      const slowDone = rawOss(slow.address, slow.auth, {
        method: 'PUT',
        body: [half, ...Array.from({ length: 16 }, () => randomBytes(MiB / 16))],
        gapMs: 60,
      });
      await new Promise((r) => setTimeout(r, 300));
      const refused = await rawOss(fast.address, fast.auth, { method: 'PUT', body: [randomBytes(1.5 * MiB)] });
      expect([refused.status, ossCode(refused.body)]).toEqual([403, 'QuotaExceeded']);
      expect((await slowDone).status).toBe(200);
      const after = await rawOss(fast.address, fast.auth, { method: 'PUT', body: [randomBytes(MiB)] });
      expect(after.status).toBe(200);
    } finally {
      await s2.close();
    }
  });
});

describe('free-space reserve', () => {
  it('refuses uploads that would leave less than LECTERN_STORAGE_RESERVE free: 507, nothing stored', async () => {
    const s = await startVodServer({}, { config: { storageReserveBytes: Number.MAX_SAFE_INTEGER } });
    try {
      const cred = await credential(s);
      const m = await newMedia(cred);
      const err = await ossError(m.client.put(m.address.FileName, randomBytes(64 * KiB)));
      expect(err).toMatchObject({ status: 507, code: 'InsufficientStorage' });
      const form = new FormData();
      const png = new Uint8Array(1000);
      png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
      const img = await fetch(`${s.url}/prod-api/file/upload/img`, {
        method: 'POST',
        headers: { 'X-Token': s.adminToken },
        body: form,
      });
      expect(img.status).toBe(507);
      const body = (await img.json()) as { code: number; msg: string };
      expect(body.code).toBe(50700);
      expect(body.msg).toContain('storage is full');
      // Nothing but the database (on SQLite) in the data folder.
      expect((await filesUnder(s.dataDir)).filter((f) => !/lectern\.sqlite/.test(f))).toEqual([]);
      expect(s.logs.filter((l) => l.includes('storage full (disk full'))).toHaveLength(2);
    } finally {
      await s.close();
    }
  });
});
