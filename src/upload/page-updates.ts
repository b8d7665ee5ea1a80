import type { UploadItem, UploadSnapshot } from './protocol';
import { overall } from './queue';

/**
 * How the worker's snapshots reach the page's store. The page re-renders what reads the store
 * (the navbar indicator everywhere, the panel on its screen) for each one it applies; while the
 * user moves around the console during an upload that competed with the screens' own rendering.
 * So: at most {@link PAGE_SNAPSHOT_EVERY_MS} apart (a quiet period's first at once, the rest folded
 * into one at the end of the window: nothing is lost, the last state always arrives), and the
 * indicator reads a summary that changes only when what it shows changes (a whole percent).
 */
export const PAGE_SNAPSHOT_EVERY_MS = 250;

export interface Timers {
  now(): number;
  set(run: () => void, ms: number): unknown;
}

const realTimers: Timers = { now: () => Date.now(), set: (run, ms) => setTimeout(run, ms) };

/**
 * At most one `apply` per `every` ms: the first of a quiet period at once, the rest folded into one
 * at the end of the window, with the latest value. The page's snapshots, and the worker's
 * checkpoint writes (checkpoints.ts).
 */
export class Coalescer<T> {
  private last = Number.NEGATIVE_INFINITY;
  private pending: { value: T } | null = null;
  private scheduled = false;

  constructor(
    private readonly apply: (value: T) => void,
    private readonly every = PAGE_SNAPSHOT_EVERY_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  push(value: T): void {
    const wait = this.last + this.every - this.timers.now();
    if (wait <= 0 && !this.scheduled) {
      this.last = this.timers.now();
      this.apply(value);
      return;
    }
    this.pending = { value };
    if (this.scheduled) return;
    this.scheduled = true;
    this.timers.set(() => this.flush(), Math.max(0, wait));
  }

  private flush(): void {
    this.scheduled = false;
    const next = this.pending;
    this.pending = null;
    if (!next) return;
    this.last = this.timers.now();
    this.apply(next.value);
  }
}

/** What the navbar indicator shows. */
export interface UploadSummary {
  active: number;
  /** Whole percent of the active batch. */
  percent: number;
  online: boolean;
  /** Some upload waits for the server to answer again (it is down or unreachable). */
  reconnecting: boolean;
  interrupted: number;
  /** Ids of the finished uploads, joined: changes only when one more finishes. */
  succeeded: string;
}

export function summarise(s: UploadSnapshot): UploadSummary {
  const sum = overall(s.items as readonly UploadItem[]);
  return {
    active: sum.active,
    percent: Math.floor(sum.ratio * 100),
    online: s.online,
    reconnecting: s.items.some((i) => i.state === 'Uploading' && i.waiting === 'server'),
    interrupted: s.interrupted.length,
    succeeded: s.items
      .filter((i) => i.state === 'Success')
      .map((i) => i.id)
      .join(','),
  };
}

/** Writes only the fields that changed (a store notifies its readers for each write that changes a value). */
export function assignChanged<T extends object>(target: T, next: T): void {
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (!Object.is(target[key], next[key])) target[key] = next[key];
  }
}
