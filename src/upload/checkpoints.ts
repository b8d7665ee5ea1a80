import { Coalescer, type Timers } from './page-updates';
import type { CheckpointStore, StoredCheckpoint } from './persist';
import type { UploadSnapshot } from './protocol';

/**
 * A part stored is written to IndexedDB at most this often per upload (the latest at the end of the
 * window). On a fast link parts are stored dozens of times a second, and each write costs the
 * worker a structured clone, the browser a database transaction; a reload loses at most this much
 * of the upload, whose parts are sent again. A run's first record is written at once (`save`); after a
 * stop or a failure the folded write still comes at the end of its window, the record being live.
 */
export const CHECKPOINT_EVERY_MS = 250;

/**
 * The worker's live checkpoints (one per item being uploaded) and their writes to IndexedDB
 * (persist.ts holds the record format and the store). Writes go one after another, so a late save
 * never brings back a deleted checkpoint, and a record that is no longer live is not written at all.
 */
export class Checkpoints {
  private readonly records = new Map<string, StoredCheckpoint>();
  private io: Promise<unknown> = Promise.resolve();
  /** Per key, the write queued and not yet begun, and the record it will store. */
  private readonly waiting = new Map<string, { rec: StoredCheckpoint }>();
  /** Per key, the part-by-part saves folded to one per {@link CHECKPOINT_EVERY_MS}. */
  private readonly progress = new Map<string, Coalescer<StoredCheckpoint>>();

  constructor(
    private readonly store: CheckpointStore,
    private readonly now: () => number,
    private readonly warn: (message: string) => void,
    private readonly timers?: Timers,
  ) {}

  get(id: string): StoredCheckpoint | undefined {
    return this.records.get(id);
  }

  /** Makes `rec` the item's live checkpoint (a resumed one, or the one of a new run). */
  set(id: string, rec: StoredCheckpoint): void {
    this.records.set(id, rec);
  }

  /** The item is done with or gone: its record is no longer written. */
  drop(id: string): void {
    this.records.delete(id);
  }

  /** The stored checkpoint under a checkpoint key (read at once, not queued). */
  load(key: string): Promise<StoredCheckpoint | null> {
    return this.store.load(key);
  }

  list(): Promise<[string, StoredCheckpoint][]> {
    return this.store.list();
  }

  /**
   * Queues a write of `rec` under `key`, if it is still a live record when its turn comes. Saves of
   * a key whose write is still waiting join that write, which stores the latest record: every part
   * stored asks for a save (dozens a second on a fast link), and while the disk or a busy machine is
   * slow they would queue up to write states already outdated.
   */
  save(key: string, rec: StoredCheckpoint): void {
    const waiting = this.waiting.get(key);
    if (waiting) {
      waiting.rec = rec;
      return;
    }
    const write = { rec };
    this.waiting.set(key, write);
    this.queue(async () => {
      if (this.waiting.get(key) === write) this.waiting.delete(key);
      if ([...this.records.values()].includes(write.rec)) await this.store.save(key, structuredClone(write.rec));
    });
  }

  /**
   * A part stored: saves `rec` under `key` at once if none was asked for within the last
   * {@link CHECKPOINT_EVERY_MS}, else once at the end of that window, with the record as it is then.
   */
  saveProgress(key: string, rec: StoredCheckpoint): void {
    let folded = this.progress.get(key);
    if (!folded) {
      folded = new Coalescer((r) => this.save(key, r), CHECKPOINT_EVERY_MS, this.timers);
      this.progress.set(key, folded);
    }
    folded.push(rec);
  }

  /** Queues the deletion of the stored checkpoint under `key` (a save after it is written after it). */
  remove(key: string): void {
    // A folded save still due runs into the liveness check of `save` and writes nothing.
    this.progress.delete(key);
    this.waiting.delete(key);
    this.queue(() => this.store.remove(key));
  }

  /** SPEC/STYLE: persist after every transition, so a reload resumes from what was stored. */
  persistTransitions(prev: UploadSnapshot, next: UploadSnapshot): void {
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

  /** Settles when every queued write is done (tests). */
  flush(): Promise<unknown> {
    return this.io;
  }

  private queue(op: () => Promise<unknown>): void {
    this.io = this.io.then(op).catch((e) => this.warn(`IndexedDB: ${String(e)}`));
  }
}
