/**
 * `npm run bench -- video`: video processing on the local service (docs/videos.md).
 *
 * - Transcode time as a ratio of the clip's duration, for generated 720p and 1080p clips (10 s,
 *   H.264 + AAC): from the end of the upload to `Normal` (probe, 4 snapshots, HLS renditions).
 * - The Books list's request time (p95 of 60 sequential `POST /book/page`) while a 1080p transcode
 *   runs, as a ratio of the same with the server idle.
 *
 * Medians of 3 runs, on the demo data, one server, loopback.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import RPCClient from '@alicloud/pop-core';
import { uploadTarget } from '../tests/fixtures/oss-target';
import { makeClip } from '../tests/fixtures/video-clip';
import { type DemoServer, startDemoServer } from './server';

const RUNS = 3;
const CLIP_SECONDS = 10;
const LIST_REQUESTS = 60;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? Number.NaN;
};

interface Credential {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  vodEndpoint: string;
}

async function api<T>(server: DemoServer, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/prod-api${path}`, {
    method,
    headers: { 'X-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await res.json()) as { data: T }).data;
}

/** Uploads `bytes` as a new video (official RPC client, ali-oss) and resolves when the PUT is done. */
async function upload(server: DemoServer, token: string, bytes: Buffer, title: string): Promise<string> {
  const cred = await api<Credential>(server, token, 'GET', '/video/upload/credential');
  const rpc = new RPCClient({ ...cred, endpoint: cred.vodEndpoint, apiVersion: '2017-03-21' });
  const t = await rpc.request<{ VideoId: string; UploadAddress: string; UploadAuth: string }>(
    'CreateUploadVideo',
    { Title: title, FileName: `${title}.mp4` },
    { method: 'POST' },
  );
  const { address, client: oss } = uploadTarget(t);
  await oss.put(address.FileName, bytes);
  return t.VideoId;
}

async function statusOf(server: DemoServer, token: string, videoId: string): Promise<string> {
  const page = await api<{ items: { status: string }[] }>(server, token, 'POST', '/video/page', {
    pageNum: 1,
    pageSize: 10,
    keyword: videoId,
  });
  return page.items[0]?.status ?? 'missing';
}

async function untilDone(server: DemoServer, token: string, videoId: string): Promise<void> {
  const end = Date.now() + 600_000;
  for (;;) {
    const status = await statusOf(server, token, videoId);
    if (status === 'Normal') return;
    if (status === 'TranscodeFail' || Date.now() > end) throw new Error(`video ${videoId}: ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Milliseconds of each of LIST_REQUESTS sequential Books list requests; stops early when `stop()` says so. */
async function listTimes(server: DemoServer, token: string, stop: () => boolean = () => false): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LIST_REQUESTS && !stop(); i++) {
    const t0 = performance.now();
    await api(server, token, 'POST', '/book/page', { pageNum: 1 + (i % 5), pageSize: 20 });
    times.push(performance.now() - t0);
  }
  return times;
}

export async function benchVideo(): Promise<string> {
  const server = await startDemoServer('video');
  try {
    const token = await server.signIn();
    const clips: Record<string, Buffer> = {};
    for (const [name, width, height] of [
      ['720p', 1280, 720],
      ['1080p', 1920, 1080],
    ] as const) {
      const file = join(server.dataDir, `${name}.mp4`);
      await makeClip(file, { seconds: CLIP_SECONDS, width, height });
      clips[name] = await readFile(file);
    }

    const ratios: Record<string, number[]> = { '720p': [], '1080p': [] };
    const idle: number[] = [];
    const busy: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const name of ['720p', '1080p']) {
        const id = await upload(server, token, clips[name] as Buffer, `bench-${name}-${run}`);
        const t0 = performance.now();
        await untilDone(server, token, id);
        ratios[name]?.push((performance.now() - t0) / 1000 / CLIP_SECONDS);
      }
      idle.push(p95(await listTimes(server, token)));
      const id = await upload(server, token, clips['1080p'] as Buffer, `bench-busy-${run}`);
      let done = false;
      const finished = untilDone(server, token, id).then(() => {
        done = true;
      });
      // Measured while the job is running (a few requests may fall after it ends on a fast machine).
      busy.push(p95(await listTimes(server, token, () => done)));
      await finished;
    }
    const fmt = (n: number) => n.toFixed(2);
    const idleP95 = median(idle);
    const busyP95 = median(busy);
    return [
      '### Video processing (local service)',
      '',
      `Generated ${CLIP_SECONDS} s clips (testsrc + tone, H.264/AAC); medians of ${RUNS} runs; LECTERN_TRANSCODE_CONCURRENCY=${process.env.LECTERN_TRANSCODE_CONCURRENCY ?? 1}, nice ${process.env.LECTERN_TRANSCODE_NICE ?? 10}; load average at the end ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores.`,
      '',
      '| measure | value |',
      '| --- | ---: |',
      `| 720p clip: upload end → Normal, × clip duration (360p + 720p renditions) | ${fmt(median(ratios['720p'] ?? []))} |`,
      `| 1080p clip: upload end → Normal, × clip duration (360p + 720p + 1080p) | ${fmt(median(ratios['1080p'] ?? []))} |`,
      `| Books list p95, idle | ${idleP95.toFixed(1)} ms |`,
      `| Books list p95 during a 1080p transcode | ${busyP95.toFixed(1)} ms |`,
      `| ratio busy / idle | ${fmt(busyP95 / idleP95)} |`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}
