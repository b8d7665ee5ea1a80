import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../../src/resources/video/schema';
import { makeClip } from '../../fixtures/video-clip';
import { databaseUrlFor, dropSpawnedDatabases } from '../helpers/database';
import { type Spawned, signInAdmin, spawnWithAdmin } from '../helpers/spawn-server';
import { tempDirForFile } from '../helpers/temp';
import { type Credential, rpc, type Ticket, uploadTarget } from '../vod/helpers';

/**
 * Processing as a durable job, with real main.ts processes: a kill -9 in the middle of a transcode
 * is recovered by the restarted process (both engines), and two instances on one PostgreSQL
 * database run each job once.
 */
const tmp = tempDirForFile('lectern-jobs-');
const PASSWORD = 'Jobs-admin-pass-12';
/** Short lease, expiry and back-off, so a dead try is taken up again within seconds. */
const FAST = {
  LECTERN_JOBS_LEASE_SECONDS: '3',
  LECTERN_JOBS_MAINTENANCE_SECONDS: '1',
  // PostgreSQL: a dead try is expired (and run again) this long after it started.
  LECTERN_TRANSCODE_TIMEOUT_SECONDS: '20',
  LECTERN_TRANSCODE_RETRY_SECONDS: '1',
};
let clip: Buffer;
const running: Spawned[] = [];

beforeAll(async () => {
  const file = join(tmp.path, 'clip.mp4');
  // Long enough that the transcode is still running when the test kills its process.
  await makeClip(file, { seconds: 6, width: 1280, height: 720 });
  clip = await readFile(file);
}, 60_000);

afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await dropSpawnedDatabases();
});

async function start(data: string, env: Record<string, string | undefined> = {}) {
  const p = await spawnWithAdmin(data, PASSWORD, { ...FAST, ...env });
  running.push(p);
  return p;
}

async function api<T>(p: Spawned, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${p.url}/prod-api${path}`, {
    method,
    headers: { 'X-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await res.json()) as { data: T }).data;
}

async function uploadClip(p: Spawned, token: string, title: string): Promise<string> {
  const cred = await api<Credential>(p, token, 'GET', '/video/upload/credential');
  const t = await rpc<Ticket>(cred, 'CreateUploadVideo', { Title: title, FileName: `${title}.mp4` });
  const { address, client } = uploadTarget(t.body);
  await client.put(address.FileName, clip);
  return t.body.VideoId;
}

const videoOf = async (p: Spawned, token: string, videoId: string) =>
  (await api<{ items: Video[] }>(p, token, 'POST', '/video/page', { pageNum: 1, pageSize: 10, keyword: videoId }))
    .items[0] as Video;

async function until(p: Spawned, token: string, videoId: string, done: Video['status'][], ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await videoOf(p, token, videoId);
    if (done.includes(v.status)) return v;
    if (Date.now() > end) throw new Error(`still ${v.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a durable processing job', () => {
  it('is run again after its process is killed (kill -9) mid-transcode, and the video ends Normal', async () => {
    const data = join(tmp.path, 'kill');
    // No expiry comes near: only the dead try's lease, which its instance no longer renews, frees it.
    const first = await start(data, { LECTERN_TRANSCODE_TIMEOUT_SECONDS: '600' });
    const token = await signInAdmin(first.url, PASSWORD);
    const videoId = await uploadClip(first, token, 'killed');
    await until(first, token, videoId, ['Transcoding'], 60_000);
    // In the middle of its ffmpeg run: no chance to clean up or to put the job back.
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start(data, { LECTERN_TRANSCODE_TIMEOUT_SECONDS: '600' });
    const token2 = await signInAdmin(second.url, PASSWORD);
    expect((await videoOf(second, token2, videoId)).status).toBe('Transcoding');
    const v = await until(second, token2, videoId, ['Normal', 'TranscodeFail'], 120_000);
    expect(v).toMatchObject({ status: 'Normal', width: 1280, height: 720, failReason: null });
    // A 720-line source gets 360p and 720p.
    const master = await fetch(`${second.url}${v.snapshots[0]?.replace(/snapshot-1\.jpg$/, 'master.m3u8')}`);
    expect((await master.text()).match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=640x360', 'RESOLUTION=1280x720']);
    expect(second.output()).toMatch(new RegExp(`\\[video\\] ${videoId} \\(job [^)]*, try 2\\): processing`));
    await second.stop();
  }, 240_000);
});

describe.runIf(!!process.env.DATABASE_URL)('two instances on PostgreSQL', () => {
  it('run each job once', async () => {
    const data = join(tmp.path, 'two');
    const url = await databaseUrlFor(data);
    // A timeout no transcode here comes near: a try expired while it still ran would be run twice.
    const env = { DATABASE_URL: url, LECTERN_TRANSCODE_TIMEOUT_SECONDS: '600' };
    const [a, b] = await Promise.all([start(data, env), start(data, env)]);
    const token = await signInAdmin(a.url, PASSWORD);
    const ids = [];
    for (const [i, p] of [a, b, a, b].entries()) ids.push(await uploadClip(p, token, `twin-${i}`));
    for (const id of ids)
      expect((await until(a, token, id, ['Normal', 'TranscodeFail'], 180_000)).status).toBe('Normal');
    const runs = [...(a.output() + b.output()).matchAll(/\[video\] (\w+) \(job ([^,]+), try (\d+)\): processing/g)];
    // Every video processed once, by one instance, in one try.
    expect(runs.map((m) => m[1]).sort()).toEqual([...ids].sort());
    expect(new Set(runs.map((m) => m[2])).size).toBe(ids.length);
    expect(runs.every((m) => m[3] === '1')).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  }, 300_000);
});
