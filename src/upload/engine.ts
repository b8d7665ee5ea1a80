import { CredentialBroker } from './credential-broker';
import { decodeUploadAddress, decodeUploadAuth, UploadRuleError } from './credentials';
import { classifyError, errorCode } from './errors';
import { fileHash } from './hash';
import { checkpointKey, partSize, retryDelay } from './limits';
import { putObject, startMultipart } from './oss';
import {
  type CheckpointStore,
  matches,
  parseUploadPoint,
  type StoredCheckpoint,
  toInterrupted,
  toUploadPoint,
} from './persist';
import type { LogLevel, NewFile, UploadCommand, UploadEvent, UploadSnapshot, VodCredential } from './protocol';
import { initialQueue, MESSAGES, type QueueAction, type QueueEffect, reduce } from './queue';
import type { UploadTicket, VodClient } from './vod-client';

/**
 * The worker's half of the queue: it feeds the pure reducer and performs the effects the reducer
 * returns (credential, VOD RPC, ali-oss, IndexedDB, timers). Each item upload is a "run"; a halted
 * run is forgotten at once and whatever it reports later is ignored (`live()`).
 */
export interface EngineDeps {
  post(e: UploadEvent): void;
  store: CheckpointStore;
  online: boolean;
  now?: () => number;
  /** Also log to the worker's console (default true). */
  console?: boolean;
  /** Seams for tests; the worker uses ali-oss and the real RPC client. */
  oss?: { startMultipart: typeof startMultipart; putObject: typeof putObject };
  createVod?: (c: VodCredential) => VodClient;
}

interface Entry {
  file: File;
  cover?: File | null;
  coverUrl?: string;
  hash?: Promise<string>;
  /** Settles when the add-time look-up of an interrupted checkpoint is done. */
  matched?: Promise<void>;
}

interface Run {
  abort(): void;
}

const SNAPSHOT_EVERY_MS = 200;
const REPORT_EVERY_MS = 1000;
/** An expired credential that is refreshed and at once expired again this often is a failure. */
const MAX_EXPIRES = 3;

export class UploadEngine {
  state: UploadSnapshot;
  private readonly files = new Map<string, Entry>();
  private readonly runs = new Map<string, Run>();
  private readonly records = new Map<string, StoredCheckpoint>();
  private readonly attempts = new Map<string, { retries: number; restarts: number; expires: number }>();
  private readonly reportedAt = new Map<string, number>();
  private readonly broker: CredentialBroker;
  private io: Promise<unknown> = Promise.resolve();
  private snapshotTimer: ReturnType<typeof setTimeout> | null = null;
  private seq = 0;
  private readonly now: () => number;

  constructor(private readonly deps: EngineDeps) {
    this.state = initialQueue(deps.online);
    this.now = deps.now ?? Date.now;
    this.broker = new CredentialBroker(deps.post, this.now, deps.createVod);
  }

  log(level: LogLevel, message: string): void {
    const line = `[upload] ${message}`;
    if (this.deps.console !== false) console[level](line);
    this.deps.post({ type: 'log', level, message: line });
  }

  /** Lists the uploads a reload or crash interrupted. */
  async init(): Promise<void> {
    const list = await this.deps.store.list();
    if (list.length) this.log('info', `${list.length} interrupted upload(s) in IndexedDB`);
    this.dispatch({ type: 'interrupted', list: list.map(([k, r]) => toInterrupted(k, r)) });
  }

  command(c: UploadCommand): void {
    switch (c.type) {
      case 'hello':
        this.postSnapshot();
        break;
      case 'add':
        this.add(c.files);
        break;
      case 'update-info': {
        const entry = this.files.get(c.id);
        if (entry && c.cover !== undefined) {
          entry.cover = c.cover;
          entry.coverUrl = undefined;
        }
        this.dispatch({ type: 'update-info', id: c.id, videoInfo: c.videoInfo, hasCover: Boolean(entry?.cover) });
        break;
      }
      case 'credential':
        this.broker.answer(c.credential);
        break;
      case 'credential-error':
        this.broker.refuse(c.message);
        break;
      default:
        this.dispatch(c);
    }
  }

  dispatch(action: QueueAction): void {
    const prev = this.state;
    const { state, effects } = reduce(prev, action);
    if (state === prev && effects.length === 0) return;
    this.state = state;
    this.persistTransitions(prev, state);
    if (action.type === 'progress') this.snapshotSoon();
    else this.postSnapshot();
    for (const e of effects) this.perform(e);
  }

  private perform(e: QueueEffect): void {
    switch (e.type) {
      case 'upload':
        void this.run(e.id);
        return;
      case 'halt':
        this.halt(e.id);
        return;
      case 'discard':
        this.halt(e.id);
        this.files.delete(e.id);
        this.records.delete(e.id);
        this.attempts.delete(e.id);
        this.queueIo(() => this.deps.store.remove(e.key));
        return;
      case 'schedule-next':
        setTimeout(() => this.dispatch({ type: 'next' }), e.delayMs);
        return;
      case 'renew-credential':
        void this.renewCredential();
        return;
      case 'forget':
        this.queueIo(() => this.deps.store.remove(e.key));
        return;
      case 'error':
        this.log('warn', `${e.code}: ${e.message}`);
        this.deps.post({ type: 'error', code: e.code, message: e.message, ...(e.id ? { id: e.id } : {}) });
        return;
    }
  }

  private add(files: NewFile[]): void {
    const queued = files.map((f) => ({
      id: `u${Date.now().toString(36)}${(++this.seq).toString(36)}`,
      key: checkpointKey(f.file),
      fileName: f.file.name,
      fileSize: f.file.size,
      lastModified: f.file.lastModified,
      videoInfo: f.videoInfo,
      hasCover: Boolean(f.cover),
      file: f.file,
      cover: f.cover,
    }));
    const before = new Set(this.state.items.map((i) => i.id));
    this.dispatch({ type: 'add', files: queued });
    for (const q of queued) {
      if (before.has(q.id) || !this.state.items.some((i) => i.id === q.id)) continue;
      const entry: Entry = { file: q.file, cover: q.cover ?? null };
      entry.hash = fileHash(q.file);
      entry.matched = this.matchInterrupted(q.id, q.key, entry).catch((e) => {
        this.log('warn', `could not read the checkpoint of ${q.fileName}: ${String(e)}`);
      });
      this.files.set(q.id, entry);
    }
  }

  /** The same file chosen again after a reload: same key and same fingerprint resume its checkpoint. */
  private async matchInterrupted(id: string, key: string, entry: Entry): Promise<void> {
    const rec = await this.deps.store.load(key);
    if (!rec) return;
    const hash = await (entry.hash as Promise<string>);
    if (!matches(rec, { size: entry.file.size, fileHash: hash })) {
      this.log('info', `${entry.file.name}: the stored checkpoint is of another file; starting afresh`);
      return;
    }
    this.records.set(id, rec);
    this.log('info', `${entry.file.name}: resuming from ${rec.checkpoint?.doneParts.length ?? 0} stored part(s)`);
    this.dispatch({ type: 'matched', id, videoId: rec.videoId, loaded: rec.loaded });
  }

  private halt(id: string): void {
    const run = this.runs.get(id);
    this.runs.delete(id);
    run?.abort();
  }

  private attemptsOf(id: string) {
    let a = this.attempts.get(id);
    if (!a) {
      a = { retries: 0, restarts: 0, expires: 0 };
      this.attempts.set(id, a);
    }
    return a;
  }

  private async run(id: string): Promise<void> {
    this.halt(id);
    const run: Run & { handle?: { abort(): void } } = { abort: () => run.handle?.abort() };
    this.runs.set(id, run);
    const live = () => this.runs.get(id) === run;
    const entry = this.files.get(id);
    const item = this.state.items.find((i) => i.id === id);
    if (!entry || !item) return;
    try {
      await entry.matched;
      let hash: string;
      try {
        hash = await (entry.hash ?? fileHash(entry.file));
      } catch (e) {
        throw new UploadRuleError('ReadFileError', `could not read ${entry.file.name}: ${String(e)}`);
      }
      const vod = await this.broker.vod();
      if (!live()) return;
      let rec = this.records.get(id) ?? null;
      let ticket: UploadTicket | null = null;
      let point: ReturnType<typeof parseUploadPoint> = null;
      if (rec?.videoId) {
        ticket = await vod.refreshUploadVideo(rec.videoId);
      } else if (this.state.reportProgress) {
        const known = await this.serverProgress(vod, hash);
        if (known?.VideoId) {
          this.log('info', `${entry.file.name}: the service knows this file (${known.VideoId}); resuming`);
          ticket = await vod.refreshUploadVideo(known.VideoId);
          point = parseUploadPoint(known.UploadPoint);
        }
      }
      if (!live()) return;
      if (!ticket) {
        const info = this.state.items.find((i) => i.id === id)?.videoInfo ?? item.videoInfo;
        const cover = await this.uploadCover(vod, entry, info.Title);
        ticket = await vod.createUploadVideo({
          ...info,
          ...(cover ? { CoverURL: cover } : {}),
          FileName: entry.file.name,
          FileSize: entry.file.size,
        });
        this.log('info', `${entry.file.name}: created video ${ticket.VideoId}`);
      }
      if (!live()) return;
      const address = decodeUploadAddress(ticket.UploadAddress);
      const auth = decodeUploadAuth(ticket.UploadAuth);
      const same = (r: { bucket: string; object: string } | null) =>
        r !== null && r.bucket === address.Bucket && r.object === address.FileName;
      let checkpoint = same(rec) ? (rec?.checkpoint ?? null) : same(point) ? (point?.checkpoint ?? null) : null;
      if (checkpoint && checkpoint.fileSize !== entry.file.size) checkpoint = null;
      rec = {
        fileName: entry.file.name,
        lastModified: entry.file.lastModified,
        size: entry.file.size,
        object: address.FileName,
        videoId: ticket.VideoId,
        bucket: address.Bucket,
        endpoint: address.Endpoint,
        checkpoint,
        loaded: checkpoint ? (rec?.loaded ?? point?.loaded ?? 0) : 0,
        state: 'Uploading',
        fileHash: hash,
        updatedAt: this.now(),
      };
      const stored = rec;
      this.records.set(id, stored);
      this.save(item.key, stored);
      this.dispatch({ type: 'video-created', id, videoId: ticket.VideoId });
      const handle = (this.deps.oss?.startMultipart ?? startMultipart)({
        address,
        auth,
        file: entry.file,
        partSize: checkpoint?.partSize ?? partSize(entry.file.size),
        checkpoint,
        onProgress: (cp, loaded) => {
          if (!live()) return;
          const a = this.attemptsOf(id);
          a.retries = 0;
          a.expires = 0;
          if (cp) stored.checkpoint = cp;
          stored.loaded = loaded;
          stored.updatedAt = this.now();
          this.save(item.key, stored);
          this.report(id, vod, stored);
          this.dispatch({ type: 'progress', id, loaded, at: this.now() });
        },
      });
      run.handle = handle;
      await handle.done;
      if (!live()) return;
      this.runs.delete(id);
      this.records.delete(id);
      this.attempts.delete(id);
      this.queueIo(() => this.deps.store.remove(item.key));
      this.log('info', `${entry.file.name}: uploaded (${ticket.VideoId})`);
      this.dispatch({ type: 'succeeded', id });
    } catch (e) {
      if (!live()) return;
      this.runs.delete(id);
      this.failed(id, e);
    }
  }

  private failed(id: string, e: unknown): void {
    const err = (e ?? {}) as { name?: string; code?: string; status?: number; message?: string };
    const name = this.files.get(id)?.file.name ?? id;
    if (e instanceof UploadRuleError) {
      this.dispatch({ type: 'failed', id, error: { code: e.code, message: e.message } });
      return;
    }
    const outcome = classifyError(err);
    const a = this.attemptsOf(id);
    this.log('warn', `${name}: ${[errorCode(err), err.message].filter(Boolean).join(' ')} → ${outcome}`);
    switch (outcome) {
      case 'cancel':
        return;
      case 'retry': {
        if (!this.state.online || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
          this.dispatch({ type: 'set-online', online: false });
          return;
        }
        a.retries += 1;
        const delay = retryDelay(a.retries);
        if (delay === null) break;
        this.log('info', `${name}: retry ${a.retries} in ${delay} ms`);
        setTimeout(() => {
          const it = this.state.items.find((i) => i.id === id);
          if (it?.state === 'Uploading' && !it.waiting && !this.runs.has(id)) void this.run(id);
        }, delay);
        return;
      }
      case 'expire':
        a.expires += 1;
        if (a.expires > MAX_EXPIRES) break;
        this.broker.invalidate();
        this.dispatch({ type: 'expired', id });
        return;
      case 'restart': {
        a.restarts += 1;
        if (a.restarts > 1) {
          if (err.name === 'abort') {
            this.dispatch({ type: 'failed', id, error: { code: 'OSSAbort', message: MESSAGES.OSSAbort } });
            return;
          }
          break;
        }
        const rec = this.records.get(id);
        if (rec) {
          rec.checkpoint = null;
          rec.loaded = 0;
        }
        this.dispatch({ type: 'progress', id, loaded: 0, at: this.now() });
        void this.run(id);
        return;
      }
      case 'invalid-user-id':
        this.dispatch({ type: 'user-id-invalid' });
        void this.run(id);
        return;
      case 'failure':
        break;
    }
    this.dispatch({ type: 'failed', id, error: { code: errorCode(err), message: err.message || 'upload failed' } });
  }

  /** GetUploadProgress for a file hash; a refused UserId turns progress reporting off. */
  private async serverProgress(vod: VodClient, hash: string) {
    try {
      return await vod.getUploadProgress(hash);
    } catch (e) {
      if (classifyError(e as Error) === 'invalid-user-id') this.dispatch({ type: 'user-id-invalid' });
      else if (classifyError(e as Error) !== 'failure') throw e;
      else this.log('warn', `GetUploadProgress: ${String((e as Error).message)}`);
      return null;
    }
  }

  private report(id: string, vod: VodClient, rec: StoredCheckpoint): void {
    if (!this.state.reportProgress || !rec.videoId) return;
    const last = this.reportedAt.get(id) ?? 0;
    if (this.now() - last < REPORT_EVERY_MS) return;
    this.reportedAt.set(id, this.now());
    vod
      .reportUploadProgress({
        FileHash: rec.fileHash,
        FileName: rec.fileName,
        FileSize: rec.size,
        UploadPoint: toUploadPoint(rec),
        VideoId: rec.videoId,
      })
      .catch((e: Error) => {
        if (classifyError(e) === 'invalid-user-id') this.dispatch({ type: 'user-id-invalid' });
        else this.log('warn', `ReportUploadProgress: ${e.message}`);
      });
  }

  private async uploadCover(vod: VodClient, entry: Entry, title: string): Promise<string | undefined> {
    if (!entry.cover) return undefined;
    if (entry.coverUrl) return entry.coverUrl;
    const ext = (
      /\.([a-z0-9]+)$/i.exec(entry.cover.name)?.[1] ??
      entry.cover.type.split('/')[1] ??
      'jpg'
    ).toLowerCase();
    const t = await vod.createUploadImage({ ImageType: 'cover', ImageExt: ext, Title: title });
    await (this.deps.oss?.putObject ?? putObject)(
      decodeUploadAddress(t.UploadAddress),
      decodeUploadAuth(t.UploadAuth),
      entry.cover,
    );
    entry.coverUrl = t.ImageURL;
    return t.ImageURL;
  }

  private async renewCredential(): Promise<void> {
    this.broker.invalidate();
    try {
      await this.broker.vod();
      this.log('info', 'credential renewed; resuming');
      this.dispatch({ type: 'credential-renewed' });
    } catch (e) {
      this.dispatch({ type: 'credential-failed', message: (e as Error).message });
    }
  }

  /** SPEC/STYLE: persist after every transition, so a reload resumes from what was stored. */
  private persistTransitions(prev: UploadSnapshot, next: UploadSnapshot): void {
    for (const item of next.items) {
      const before = prev.items.find((i) => i.id === item.id);
      if (before?.state === item.state) continue;
      const rec = this.records.get(item.id);
      if (!rec || item.state === 'Success') continue;
      rec.state = item.state;
      rec.updatedAt = this.now();
      this.save(item.key, rec);
    }
  }

  /** IndexedDB writes go one after another, so a late save never brings back a deleted checkpoint. */
  private queueIo(op: () => Promise<unknown>): void {
    this.io = this.io.then(op).catch((e) => this.log('warn', `IndexedDB: ${String(e)}`));
  }

  private save(key: string, rec: StoredCheckpoint): void {
    this.queueIo(async () => {
      if ([...this.records.values()].includes(rec)) await this.deps.store.save(key, structuredClone(rec));
    });
  }

  private postSnapshot(): void {
    if (this.snapshotTimer) {
      clearTimeout(this.snapshotTimer);
      this.snapshotTimer = null;
    }
    this.deps.post({ type: 'snapshot', state: this.state });
  }

  /** Progress arrives per part (hundreds a second on a fast link); the UI needs a few frames a second. */
  private snapshotSoon(): void {
    if (this.snapshotTimer) return;
    this.snapshotTimer = setTimeout(() => this.postSnapshot(), SNAPSHOT_EVERY_MS);
  }

  /** Settles when every queued IndexedDB write is done (tests). */
  flush(): Promise<unknown> {
    return this.io;
  }
}
