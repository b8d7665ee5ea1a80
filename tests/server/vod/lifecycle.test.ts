import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoHooks } from '../../../src/resources/video/server/hooks';
import { defaultVodConfig, type VodConfig } from '../../../src/server/vod/config';
import { type SweepReport, sweepStorage } from '../../../src/server/vod/lifecycle';
import { auditActions } from '../helpers/crud';
import { dropSpawnedDatabases } from '../helpers/database';
import { signInAdmin, spawnWithAdmin } from '../helpers/spawn-server';
import { ADMIN_PASSWORD, type TestServer } from '../helpers/test-server';
import {
  type Credential,
  credential,
  newMedia,
  ossCode,
  rawOss,
  rpc,
  startVodServer,
  type Ticket,
  uploadTarget,
} from './helpers';

/**
 * The lifecycle rule of the local bucket: multipart uploads and `uploading` videos older than
 * LECTERN_VOD_ABANDON_AFTER_SECONDS are cleaned up by a periodic sweep that several instances may
 * run at once.
 */
const DAY = 86_400_000;
const KiB = 1024;

let s: TestServer;
let cred: Credential;
beforeAll(async () => {
  s = await startVodServer({ credentialTtlSeconds: 30 * 86_400 });
  cred = await credential(s);
});
afterAll(() => s.close());

const sweep = (vod: VodConfig = defaultVodConfig) =>
  sweepStorage({
    db: s.db,
    dataDir: s.dataDir,
    vod,
    hooks: videoHooks,
    now: () => s.now(),
    log: { info: () => {}, error: () => {} },
  });

/** Read from the database: the admin's session does not outlive the days the clock moves. */
const videoOf = (videoId: string) =>
  s.db
    .selectFrom('video')
    .select(['id', 'status', 'fail_reason'])
    .where('video_id', '=', videoId)
    .executeTakeFirstOrThrow();

/** The test server's clock is moved forward: requests are signed with its time. */
const skew = () => s.now().getTime() - Date.now();

async function startUpload(parts: number) {
  const m = await newMedia(cred, 'video', skew());
  const { uploadId } = await m.client.initMultipartUpload(m.address.FileName);
  for (let n = 1; n <= parts; n++) {
    const res = await rawOss(m.address, m.auth, {
      method: 'PUT',
      query: { partNumber: String(n), uploadId },
      body: [randomBytes(200 * KiB)],
      skewMs: skew(),
    });
    expect(res.status).toBe(200);
  }
  return { ...m, uploadId, dir: join(s.dataDir, 'oss', '.multipart', uploadId) };
}

async function listPartsCode(m: Awaited<ReturnType<typeof startUpload>>) {
  const res = await rawOss(m.address, m.auth, { method: 'GET', query: { uploadId: m.uploadId }, skewMs: skew() });
  return res.status === 200 ? 'open' : ossCode(res.body);
}

describe('lifecycle sweep', () => {
  it('aborts uploads and closes videos older than the rule, keeps younger ones, and is safe to run at once', async () => {
    const old = await startUpload(2);
    // A video whose object did arrive, but whose record missed the completion (a failed write).
    const late = await newMedia(cred, 'video', skew());
    await late.client.put(late.address.FileName, randomBytes(KiB));
    // Its processing (queued by the completion) is let finish first: these bytes are no video.
    for (let i = 0; i < 200 && (await videoOf(late.id)).status !== 'TranscodeFail'; i++)
      await new Promise((r) => setTimeout(r, 50));
    await s.db.updateTable('video').set({ status: 'Uploading' }).where('video_id', '=', late.id).execute();

    s.advance(8 * DAY);
    const young = await startUpload(1);
    expect(existsSync(old.dir)).toBe(true);

    // Three instances sweeping at the same moment: each upload and video is claimed once.
    const reports = await Promise.all([sweep(), sweep(), sweep()]);
    const total = (k: keyof SweepReport) => reports.reduce((n, r) => n + r[k], 0);
    expect(total('uploads')).toBe(1);
    expect(total('videos')).toBe(2);

    expect(await listPartsCode(old)).toBe('NoSuchUpload');
    expect(existsSync(old.dir)).toBe(false);
    expect(await videoOf(old.id)).toMatchObject({ status: 'TranscodeFail', fail_reason: 'upload_abandoned' });
    // Its bytes are there: failed so that an editor can retry its processing.
    expect(await videoOf(late.id)).toMatchObject({ status: 'TranscodeFail', fail_reason: 'transcode_failed' });
    expect(await auditActions(s, 'video', (await videoOf(old.id)).id)).toEqual(['create', 'update']);

    expect(await listPartsCode(young)).toBe('open');
    expect(existsSync(young.dir)).toBe(true);
    expect((await videoOf(young.id)).status).toBe('Uploading');

    // Nothing is left to do.
    expect(await sweep()).toEqual({ uploads: 0, leftovers: 0, videos: 0, checkpoints: 0 });
  });

  it('removes leftovers of interrupted writes: temp files and upload folders without an upload', async () => {
    const tmp = join(s.dataDir, 'oss', '.tmp');
    const filesTmp = join(s.dataDir, 'files', '.tmp');
    const orphan = join(s.dataDir, 'oss', '.multipart', 'ABANDONED0000000000000000000000');
    await mkdir(tmp, { recursive: true });
    await mkdir(filesTmp, { recursive: true });
    await mkdir(orphan, { recursive: true });
    await writeFile(join(orphan, '1.abc'), 'part');
    await writeFile(join(tmp, 'stale'), 'x');
    await writeFile(join(filesTmp, 'stale'), 'x');
    await writeFile(join(tmp, 'fresh'), 'x');
    // Times on the server's clock (moved forward by the tests above).
    const hoursAgo = new Date(s.now().getTime() - 2 * 3600_000);
    for (const p of [orphan, join(tmp, 'stale'), join(filesTmp, 'stale')]) await utimes(p, hoursAgo, hoursAgo);
    await utimes(join(tmp, 'fresh'), s.now(), s.now());
    // A folder of a live upload, however old its mtime, stays.
    const live = await startUpload(1);
    await utimes(live.dir, hoursAgo, hoursAgo);

    const report = await sweep();
    expect(report.leftovers).toBe(3);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(join(tmp, 'stale'))).toBe(false);
    expect(existsSync(join(filesTmp, 'stale'))).toBe(false);
    expect(existsSync(join(tmp, 'fresh'))).toBe(true);
    expect(existsSync(live.dir)).toBe(true);
  });

  it('takes its age from LECTERN_VOD_ABANDON_AFTER_SECONDS', async () => {
    const m = await startUpload(1);
    s.advance(2 * 3600_000);
    const hours = { ...defaultVodConfig, limits: { ...defaultVodConfig.limits, abandonAfterSeconds: 3 * 3600 } };
    await sweep(hours);
    expect(await listPartsCode(m)).toBe('open');
    s.advance(2 * 3600_000);
    await sweep(hours);
    expect(await listPartsCode(m)).toBe('NoSuchUpload');
  });
});

describe('the periodic sweep of a running server', () => {
  it('cleans an abandoned upload without being asked (LECTERN_VOD_SWEEP_INTERVAL_SECONDS)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lectern-sweep-'));
    const server = await spawnWithAdmin(dir, ADMIN_PASSWORD, {
      LECTERN_VOD_ABANDON_AFTER_SECONDS: '2',
      LECTERN_VOD_SWEEP_INTERVAL_SECONDS: '1',
    });
    try {
      const token = await signInAdmin(server.url, ADMIN_PASSWORD);
      const c = await fetch(`${server.url}/prod-api/video/upload/credential`, { headers: { 'X-Token': token } });
      const spawnedCred = ((await c.json()) as { data: Credential }).data;
      const t = await rpc<Ticket>(spawnedCred, 'CreateUploadVideo', { Title: 'V', FileName: 'v.mp4', FileSize: 1 });
      const { address, auth, client } = uploadTarget(t.body);
      const { uploadId } = await client.initMultipartUpload(address.FileName);
      const part = await rawOss(address, auth, {
        method: 'PUT',
        query: { partNumber: '1', uploadId },
        body: [randomBytes(KiB)],
      });
      expect(part.status).toBe(200);
      const folder = join(dir, 'oss', '.multipart', uploadId);
      expect(existsSync(folder)).toBe(true);
      // The sweep logs once it is done (database and disk).
      const done = /Storage lifecycle: removed 1 abandoned multipart upload/;
      for (let i = 0; i < 60 && !done.test(server.output()); i++) await new Promise((r) => setTimeout(r, 250));
      expect(server.output()).toMatch(done);
      const res = await rawOss(address, auth, { method: 'GET', query: { uploadId } });
      expect(ossCode(res.body)).toBe('NoSuchUpload');
      expect(existsSync(folder)).toBe(false);
    } finally {
      await server.stop();
      await dropSpawnedDatabases();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
