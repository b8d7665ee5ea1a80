import { describe, expect, it, vi } from 'vitest';
import { UploadEngine } from '../../../src/upload/engine';
import { checkpointKey } from '../../../src/upload/limits';
import type { OssCheckpoint } from '../../../src/upload/persist';
import { checkpointStore, type Kv } from '../../../src/upload/persist';
import type { UploadEvent, VodCredential } from '../../../src/upload/protocol';
import type { VodClient } from '../../../src/upload/vod-client';

/** The engine with fakes at its two seams (VOD RPC, ali-oss) and a Map for IndexedDB. */
const b64 = (o: unknown) => btoa(JSON.stringify(o));
const credential: VodCredential = {
  accessKeyId: 'a',
  accessKeySecret: 's',
  securityToken: 't',
  expiration: '2099-01-01T00:00:00Z',
  region: 'cn-shanghai',
  vodEndpoint: 'http://127.0.0.1:9/vod',
  userId: 1,
};
const ticket = (id: string) => ({
  VideoId: id,
  UploadAddress: b64({ Endpoint: 'http://127.0.0.1:9', Bucket: 'b', FileName: `sv/${id}.mp4` }),
  UploadAuth: b64({ AccessKeyId: 'x', AccessKeySecret: 'y', SecurityToken: 'z', Expiration: '2099-01-01T00:00:00Z' }),
});

interface FakeRun {
  checkpoint: OssCheckpoint | null;
  progress(doneParts: number[]): void;
  resolve(): void;
  reject(e: unknown): void;
  aborted: boolean;
}

function setup(kv = mapKv()) {
  const calls: string[] = [];
  const events: UploadEvent[] = [];
  const runs: FakeRun[] = [];
  let n = 0;
  const vod = {
    createUploadVideo: async (p: { Title: string; CoverURL?: string }) => {
      calls.push(`create ${p.Title}${p.CoverURL ? ` cover ${p.CoverURL}` : ''}`);
      return ticket(`v${++n}`);
    },
    refreshUploadVideo: async (id: string) => {
      calls.push(`refresh ${id}`);
      return ticket(id);
    },
    createUploadImage: async (p: { ImageType: string; ImageExt: string }) => {
      calls.push(`image ${p.ImageType} ${p.ImageExt}`);
      return { ImageId: 'i', ImageURL: 'http://x/i.jpg', ...ticket('i') };
    },
    reportUploadProgress: async () => {
      calls.push('report');
      return {};
    },
    getUploadProgress: async () => ({}),
  } as unknown as VodClient;
  const engine: UploadEngine = new UploadEngine({
    post: (e) => {
      events.push(e);
      if (e.type === 'credential-needed') {
        calls.push('credential');
        queueMicrotask(() => engine.command({ type: 'credential', credential }));
      }
    },
    store: checkpointStore(kv),
    online: true,
    console: false,
    createVod: () => vod,
    oss: {
      putObject: async (_address, _auth, body) => {
        calls.push(`put ${(body as File).name}`);
      },
      startMultipart: (o) => {
        let resolve!: () => void;
        let reject!: (e: unknown) => void;
        const done = new Promise<void>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        const run: FakeRun = {
          checkpoint: o.checkpoint,
          aborted: false,
          progress: (parts) => {
            const cp = {
              name: o.address.FileName,
              fileSize: o.file.size,
              partSize: o.partSize,
              uploadId: 'up1',
              doneParts: parts.map((number) => ({ number, etag: `"${number}"` })),
            };
            o.onProgress(cp, Math.min(o.file.size, parts.length * o.partSize));
          },
          resolve,
          reject,
        };
        runs.push(run);
        return {
          done,
          abort: () => {
            run.aborted = true;
            reject({ name: 'cancel', status: 0 });
          },
        };
      },
    },
  });
  const item = (i = 0) => engine.state.items[i];
  return { engine, calls, events, runs, kv, item };
}

function mapKv(): Kv & { m: Map<string, unknown> } {
  const m = new Map<string, unknown>();
  return {
    m,
    get: async (k) => structuredClone(m.get(k)),
    set: async (k, v) => void m.set(k, v),
    del: async (k) => void m.delete(k),
    entries: async () => [...m.entries()],
  };
}

const MiB = 1024 * 1024;
const video = (name = 'film.mp4', size = 3 * MiB) =>
  new File([new Uint8Array(size).fill(7)], name, { lastModified: 42 });

/** A page uploading `added` (one video by default) whose first run has stored `parts` of it. */
async function uploading(
  kv = mapKv(),
  added: { file: File; handle?: FileSystemFileHandle } = { file: video() },
  parts = [1],
) {
  const page = setup(kv);
  page.engine.command({ type: 'add', files: [added] });
  page.engine.command({ type: 'start' });
  await vi.waitFor(() => expect(page.runs).toHaveLength(1));
  page.runs[0]?.progress(parts);
  return page;
}

/** A page that started uploading `added`, stored `parts` of it and was closed before the end. */
async function interruptedRun(
  kv: ReturnType<typeof mapKv>,
  added: { file: File; handle?: FileSystemFileHandle },
  parts = [1],
) {
  await (await uploading(kv, added, parts)).engine.flush();
}

/** The page opened again on the same storage. */
async function reloaded(kv: ReturnType<typeof mapKv>) {
  const page = setup(kv);
  await page.engine.init();
  return page;
}

describe('UploadEngine', () => {
  it('uploads: credential, CreateUploadVideo, parts, success; the checkpoint is stored then deleted', async () => {
    const { engine, calls, runs, kv, item } = setup();
    const file = video();
    engine.command({ type: 'add', files: [{ file }] });
    engine.command({ type: 'start' });
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    expect(calls.slice(0, 2)).toEqual(['credential', 'create film']);
    runs[0]?.progress([1, 2]);
    expect(item()?.loaded).toBe(2 * MiB);
    await engine.flush();
    const stored = kv.m.get(checkpointKey(file)) as { checkpoint: OssCheckpoint; videoId: string };
    expect(stored.videoId).toBe('v1');
    expect(stored.checkpoint.doneParts.map((p) => p.number)).toEqual([1, 2]);
    runs[0]?.resolve();
    await vi.waitFor(() => expect(item()?.state).toBe('Success'));
    await engine.flush();
    expect(kv.m.size).toBe(0);
    await vi.waitFor(() => expect(engine.state.uploader).toBe('End'));
  });

  it('pauses offline without failing and resumes from the checkpoint when online', async () => {
    const { engine, runs, item } = await uploading();
    engine.command({ type: 'set-online', online: false });
    expect(runs[0]?.aborted).toBe(true);
    expect(item()).toMatchObject({ state: 'Uploading', waiting: 'network' });
    engine.command({ type: 'set-online', online: true });
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[1]?.checkpoint?.doneParts.map((p) => p.number)).toEqual([1]);
    runs[1]?.resolve();
    await vi.waitFor(() => expect(item()?.state).toBe('Success'));
  });

  it('an unreachable server: the item waits "server" (never Failure) and resumes from its checkpoint', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { runs, item } = await uploading();
      // Five refusals in a row: longer than the three retries after which other errors fail.
      for (let n = 0; n < 5; n++) {
        runs[n]?.reject({ name: 'RequestError', code: 'RequestError', status: -1, message: 'connection refused' });
        await vi.waitFor(() => expect(item()).toMatchObject({ state: 'Uploading', waiting: 'server' }));
        await vi.advanceTimersByTimeAsync(8_000);
        await vi.waitFor(() => expect(runs).toHaveLength(n + 2));
      }
      expect(runs[5]?.checkpoint?.doneParts.map((p) => p.number)).toEqual([1]);
      runs[5]?.progress([1, 2]);
      expect(item()?.waiting).toBeNull();
      runs[5]?.resolve();
      await vi.waitFor(() => expect(item()?.state).toBe('Success'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('on an expired token enters Expire, gets a new credential, refreshes the video and resumes', async () => {
    const { calls, runs, item, events } = await uploading();
    runs[0]?.reject({ name: 'SecurityTokenExpiredError', code: 'SecurityTokenExpired', status: 403 });
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    expect(calls.filter((c) => c === 'credential')).toHaveLength(2);
    expect(calls).toContain('refresh v1');
    expect(runs[1]?.checkpoint?.doneParts).toHaveLength(1);
    const uploaders = events.flatMap((e) => (e.type === 'snapshot' ? [e.state.uploader] : []));
    expect(uploaders).toContain('Expire');
    runs[1]?.resolve();
    await vi.waitFor(() => expect(item()?.state).toBe('Success'));
  });

  it('drops the checkpoint and restarts the file once when the upload is gone (NoSuchUpload)', async () => {
    const { runs, item } = await uploading();
    runs[0]?.reject({ name: 'NoSuchUploadError', code: 'NoSuchUpload', status: 404 });
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[1]?.checkpoint).toBeNull();
    runs[1]?.reject({ name: 'NoSuchUploadError', code: 'NoSuchUpload', status: 404 });
    await vi.waitFor(() => expect(item()?.state).toBe('Failure'));
    expect(item()?.error?.code).toBe('NoSuchUpload');
  });

  it('fails an item on other errors and moves on to the next after 100 ms', async () => {
    const { engine, runs, item } = setup();
    engine.command({ type: 'add', files: [{ file: video('a.mp4') }, { file: video('b.mp4') }] });
    engine.command({ type: 'start' });
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    runs[0]?.reject({ name: 'InvalidPartError', code: 'InvalidPart', status: 400, message: 'bad part' });
    await vi.waitFor(() => expect(item(0)?.state).toBe('Failure'));
    expect(item(1)?.state).toBe('Ready');
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    expect(item(1)?.state).toBe('Uploading');
  });

  it('after a reload resumes the same file from its stored checkpoint (matched by key and hash)', async () => {
    const kv = mapKv();
    const file = video();
    await interruptedRun(kv, { file }, [1, 3]);

    const second = await reloaded(kv);
    expect(second.engine.state.interrupted).toMatchObject([
      { key: checkpointKey(file), loaded: 2 * MiB, videoId: 'v1' },
    ]);
    second.engine.command({ type: 'add', files: [{ file: new File([file], file.name, { lastModified: 42 }) }] });
    await vi.waitFor(() => expect(second.item()?.resumed).toBe(true));
    expect(second.engine.state.interrupted).toEqual([]);
    second.engine.command({ type: 'start' });
    await vi.waitFor(() => expect(second.runs).toHaveLength(1));
    expect(second.calls).toContain('refresh v1');
    expect(second.calls.some((c) => c.startsWith('create'))).toBe(false);
    expect(second.runs[0]?.checkpoint?.doneParts.map((p) => p.number)).toEqual([1, 3]);
  });

  it('does not resume another file of the same name, size and date (different first bytes)', async () => {
    const kv = mapKv();
    await interruptedRun(kv, { file: video() });

    const second = await reloaded(kv);
    const other = new File([new Uint8Array(3 * MiB).fill(9)], 'film.mp4', { lastModified: 42 });
    second.engine.command({ type: 'add', files: [{ file: other }] });
    second.engine.command({ type: 'start' });
    await vi.waitFor(() => expect(second.runs).toHaveLength(1));
    expect(second.item()?.resumed).toBe(false);
    expect(second.runs[0]?.checkpoint).toBeNull();
    expect(second.calls).toContain('create film');
  });

  it('uploads the cover first (CreateUploadImage, one PUT) and creates the video with its URL, once', async () => {
    const { engine, calls, runs, item } = setup();
    const cover = new File([new Uint8Array(2048)], 'poster.PNG', { type: 'image/png' });
    engine.command({ type: 'add', files: [{ file: video(), cover }] });
    expect(item()?.hasCover).toBe(true);
    engine.command({ type: 'start' });
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    expect(calls.slice(0, 4)).toEqual([
      'credential',
      'image cover png',
      'put poster.PNG',
      'create film cover http://x/i.jpg',
    ]);
    runs[0]?.resolve();
    await vi.waitFor(() => expect(item()?.state).toBe('Success'));
    expect(calls.filter((c) => c.startsWith('image'))).toHaveLength(1);
  });

  it('takes a cover chosen after adding the file (update-info)', async () => {
    const { engine, calls, runs, item } = setup();
    engine.command({ type: 'add', files: [{ file: video() }] });
    const id = item()?.id ?? '';
    const cover = new File([new Uint8Array(10)], 'still.jpg', { type: 'image/jpeg' });
    engine.command({ type: 'update-info', id, videoInfo: { Title: 'Film' }, cover });
    expect(item()).toMatchObject({ hasCover: true, videoInfo: { Title: 'Film' } });
    engine.command({ type: 'start' });
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    expect(calls).toContain('image cover jpg');
    expect(calls).toContain('create Film cover http://x/i.jpg');
  });

  it('reports progress to the service while parts remain, not once all are stored (Complete would race it)', async () => {
    const { engine, calls, runs } = setup();
    engine.command({ type: 'add', files: [{ file: video() }] });
    engine.command({ type: 'start' });
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    runs[0]?.progress([1, 2, 3]);
    await engine.flush();
    expect(calls).not.toContain('report');

    const other = setup();
    other.engine.command({ type: 'add', files: [{ file: video() }] });
    other.engine.command({ type: 'start' });
    await vi.waitFor(() => expect(other.runs).toHaveLength(1));
    other.runs[0]?.progress([1]);
    expect(other.calls).toContain('report');
  });

  it('keeps the file handle with the checkpoint, so the interrupted upload can be reopened without a new pick', async () => {
    const kv = mapKv();
    const file = video();
    const handle = { kind: 'file', name: file.name } as unknown as FileSystemFileHandle;
    await interruptedRun(kv, { file, handle });
    expect(kv.m.get(checkpointKey(file))).toMatchObject({ handle: { kind: 'file', name: 'film.mp4' } });

    const second = await reloaded(kv);
    expect(second.engine.state.interrupted).toMatchObject([{ key: checkpointKey(file), reopenable: true }]);
  });

  it('an interrupted upload without a handle is not reopenable', async () => {
    const kv = mapKv();
    await interruptedRun(kv, { file: video() });
    const second = await reloaded(kv);
    expect(second.engine.state.interrupted).toMatchObject([{ reopenable: false }]);
  });
});
