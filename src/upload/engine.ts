import { Checkpoints } from './checkpoints';
import { CredentialBroker } from './credential-broker';
import { UploadRuleError } from './credentials';
import { classifyError, type ErrorLike, errorCode } from './errors';
import { type Entry, type OssSeams, type Run, type RunHost, uploadFile } from './file-run';
import { fileHash } from './hash';
import { checkpointKey } from './limits';
import { putObject, startMultipart } from './oss';
import { type CheckpointStore, matches, toInterrupted } from './persist';
import { ProgressReporter, SnapshotPoster } from './progress';
import type { LogLevel, NewFile, UploadCommand, UploadEvent, UploadSnapshot, VodCredential } from './protocol';
import { initialQueue, type QueueAction, type QueueEffect, reduce } from './queue';
import { type Attempts, decide, freshAttempts } from './retry-policy';
import type { VodClient } from './vod-client';

/** How soon a credential that got no answer (or waits for a sign-in) is asked for again. */
const CREDENTIAL_RETRY_MS = 3_000;
/**
 * The worker's half of the queue: it feeds the pure reducer (queue.ts) and performs the effects the
 * reducer returns. Where the rest lives:
 * - one file's upload, step by step: file-run.ts;
 * - what a failed run leads to (retry, expire, restart, fail): retry-policy.ts, over errors.ts;
 * - checkpoints kept and written to IndexedDB: checkpoints.ts, over persist.ts;
 * - snapshots to the UI and progress reports to the service: progress.ts (speed: queue.ts);
 * - the temporary credential: credential-broker.ts.
 * Each item upload is a "run"; a halted run is forgotten at once and whatever it reports later is
 * ignored (`live()`).
 */
const TICK_MS = 1000;

export interface EngineDeps {
  post(e: UploadEvent): void;
  store: CheckpointStore;
  online: boolean;
  now?: () => number;
  /** Also log to the worker's console (default true). */
  console?: boolean;
  /** Seams for tests; the worker uses ali-oss and the real RPC client. */
  oss?: Partial<OssSeams>;
  createVod?: (c: VodCredential) => VodClient;
}

export class UploadEngine {
  state: UploadSnapshot;
  private readonly files = new Map<string, Entry>();
  private readonly runs = new Map<string, Run>();
  private readonly attempts = new Map<string, Attempts>();
  private readonly checkpoints: Checkpoints;
  private readonly broker: CredentialBroker;
  private readonly reporter: ProgressReporter;
  private readonly snapshots: SnapshotPoster;
  private readonly host: RunHost;
  private seq = 0;
  private readonly now: () => number;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly deps: EngineDeps) {
    this.state = initialQueue(deps.online);
    this.now = deps.now ?? Date.now;
    const warn = (m: string) => this.log('warn', m);
    this.broker = new CredentialBroker(deps.post, this.now, deps.createVod);
    this.checkpoints = new Checkpoints(deps.store, this.now, warn);
    this.reporter = new ProgressReporter({
      now: this.now,
      enabled: () => this.state.reportProgress,
      userIdInvalid: () => this.dispatch({ type: 'user-id-invalid' }),
      warn,
    });
    this.snapshots = new SnapshotPoster(deps.post, () => this.state);
    this.host = {
      state: () => this.state,
      dispatch: (a) => this.dispatch(a),
      log: (level, m) => this.log(level, m),
      now: this.now,
      broker: this.broker,
      checkpoints: this.checkpoints,
      reporter: this.reporter,
      oss: { startMultipart: deps.oss?.startMultipart ?? startMultipart, putObject: deps.oss?.putObject ?? putObject },
      attemptsOf: (id) => this.attemptsOf(id),
    };
  }

  log(level: LogLevel, message: string): void {
    const line = `[upload] ${message}`;
    if (this.deps.console !== false) console[level](line);
    this.deps.post({ type: 'log', level, message: line });
  }

  /** Lists the uploads a reload or crash interrupted. */
  async init(): Promise<void> {
    const list = await this.checkpoints.list();
    if (list.length) this.log('info', `${list.length} interrupted upload(s) in IndexedDB`);
    this.dispatch({ type: 'interrupted', list: list.map(([k, r]) => toInterrupted(k, r)) });
  }

  command(c: UploadCommand): void {
    switch (c.type) {
      case 'hello':
        this.snapshots.now();
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
        this.broker.refuse(c.message, c.unreachable);
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
    this.checkpoints.persistTransitions(prev, state);
    if (action.type === 'progress' || action.type === 'tick') this.snapshots.soon();
    else this.snapshots.now();
    this.syncTicker();
    for (const e of effects) this.perform(e);
  }

  /** A clock tick each second while something uploads, so a stall shows as one (speed.ts). */
  private syncTicker(): void {
    const uploading = this.state.items.some((i) => i.state === 'Uploading');
    if (uploading && !this.ticker) {
      this.ticker = setInterval(() => this.dispatch({ type: 'tick', at: this.now() }), TICK_MS);
    } else if (!uploading && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
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
        this.checkpoints.drop(e.id);
        this.attempts.delete(e.id);
        this.checkpoints.remove(e.key);
        return;
      case 'schedule-next':
        setTimeout(() => this.dispatch({ type: 'next' }), e.delayMs);
        return;
      case 'renew-credential':
        void this.renewCredential();
        return;
      case 'forget':
        this.checkpoints.remove(e.key);
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
      handle: f.handle,
      stopped: f.stopped,
    }));
    const before = new Set(this.state.items.map((i) => i.id));
    this.dispatch({ type: 'add', files: queued });
    for (const q of queued) {
      if (before.has(q.id) || !this.state.items.some((i) => i.id === q.id)) continue;
      const entry: Entry = { file: q.file, cover: q.cover ?? null, ...(q.handle ? { handle: q.handle } : {}) };
      entry.hash = fileHash(q.file);
      entry.matched = this.matchInterrupted(q.id, q.key, entry).catch((e) => {
        this.log('warn', `could not read the checkpoint of ${q.fileName}: ${String(e)}`);
      });
      this.files.set(q.id, entry);
    }
  }

  /** The same file chosen again after a reload: same key and same fingerprint resume its checkpoint. */
  private async matchInterrupted(id: string, key: string, entry: Entry): Promise<void> {
    const rec = await this.checkpoints.load(key);
    if (!rec) return;
    const hash = await (entry.hash as Promise<string>);
    if (!matches(rec, { size: entry.file.size, fileHash: hash })) {
      this.log('info', `${entry.file.name}: the stored checkpoint is of another file; starting afresh`);
      return;
    }
    this.checkpoints.set(id, rec);
    this.log('info', `${entry.file.name}: resuming from ${rec.checkpoint?.doneParts.length ?? 0} stored part(s)`);
    this.dispatch({ type: 'matched', id, videoId: rec.videoId, loaded: rec.loaded });
  }

  private halt(id: string): void {
    const run = this.runs.get(id);
    this.runs.delete(id);
    run?.abort();
  }

  private attemptsOf(id: string): Attempts {
    let a = this.attempts.get(id);
    if (!a) {
      a = freshAttempts();
      this.attempts.set(id, a);
    }
    return a;
  }

  private async run(id: string): Promise<void> {
    this.halt(id);
    const run: Run = { abort: () => run.handle?.abort() };
    this.runs.set(id, run);
    const live = () => this.runs.get(id) === run;
    const entry = this.files.get(id);
    const item = this.state.items.find((i) => i.id === id);
    if (!entry || !item) return;
    try {
      const videoId = await uploadFile(this.host, id, item, entry, run, live);
      if (videoId === null || !live()) return;
      this.runs.delete(id);
      this.checkpoints.drop(id);
      this.attempts.delete(id);
      this.checkpoints.remove(item.key);
      this.log('info', `${entry.file.name}: uploaded (${videoId})`);
      this.dispatch({ type: 'succeeded', id });
    } catch (e) {
      if (!live()) return;
      this.runs.delete(id);
      this.failed(id, e);
    }
  }

  private failed(id: string, e: unknown): void {
    const name = this.files.get(id)?.file.name ?? id;
    if (!(e instanceof UploadRuleError)) {
      const err = (e ?? {}) as ErrorLike;
      this.log('warn', `${name}: ${[errorCode(err), err.message].filter(Boolean).join(' ')} → ${classifyError(err)}`);
    }
    const online = this.state.online && !(typeof navigator !== 'undefined' && navigator.onLine === false);
    const decision = decide(e, this.attemptsOf(id), online);
    switch (decision.do) {
      case 'ignore':
        return;
      case 'offline':
        this.dispatch({ type: 'set-online', online: false });
        return;
      case 'reconnect':
        this.log('info', `${name}: server unreachable; trying again in ${decision.delayMs} ms`);
        this.dispatch({ type: 'reconnecting', id });
        setTimeout(() => {
          const it = this.state.items.find((i) => i.id === id);
          const waitingHere = !it?.waiting || it.waiting === 'server';
          if (it?.state === 'Uploading' && waitingHere && this.state.online && !this.runs.has(id)) void this.run(id);
        }, decision.delayMs);
        return;
      case 'retry':
        this.log('info', `${name}: retry ${decision.attempt} in ${decision.delayMs} ms`);
        setTimeout(() => {
          const it = this.state.items.find((i) => i.id === id);
          if (it?.state === 'Uploading' && !it.waiting && !this.runs.has(id)) void this.run(id);
        }, decision.delayMs);
        return;
      case 'expire':
        this.broker.invalidate();
        this.dispatch({ type: 'expired', id });
        return;
      case 'restart': {
        const rec = this.checkpoints.get(id);
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
      case 'fail':
        this.dispatch({ type: 'failed', id, error: decision.error });
        return;
    }
  }

  private async renewCredential(): Promise<void> {
    this.broker.invalidate();
    try {
      await this.broker.vod();
      this.log('info', 'credential renewed; resuming');
      this.dispatch({ type: 'credential-renewed' });
    } catch (e) {
      // No answer, or the session ended and is being renewed over the screen (client.ts): the
      // items keep waiting for a credential and it is asked for again, as a run waits for the server.
      if ((e as Error).name === 'NetworkError') {
        setTimeout(() => {
          if (this.state.uploader === 'Expire') void this.renewCredential();
        }, CREDENTIAL_RETRY_MS);
        return;
      }
      this.dispatch({ type: 'credential-failed', message: (e as Error).message });
    }
  }

  /** Settles when every queued IndexedDB write is done (tests). */
  flush(): Promise<unknown> {
    return this.checkpoints.flush();
  }
}
