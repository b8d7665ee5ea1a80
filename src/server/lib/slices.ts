import { performance } from 'node:perf_hooks';
import type { Context } from 'hono';
import { Code } from '../../contract/envelope';
import { ApiError } from '../http/errors';

/**
 * Longest stretch of work between two turns of the event loop. Long work (an import, a bulk write,
 * an export) runs in slices this long so every other request keeps being answered meanwhile.
 */
export const SLICE_MS = 5;

/**
 * One turn of the event loop: timers and I/O run before the caller goes on. Awaiting a promise is
 * not enough: better-sqlite3 answers synchronously, so a chain of awaited queries never lets
 * anything else run.
 */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Thrown when the client of a long request went away: the work stops and its transaction rolls back. */
export class ClientGone extends ApiError {
  constructor() {
    super(Code.Invalid, 'The client closed the request before it was done; nothing was written');
    this.name = 'ClientGone';
  }
}

/**
 * Cuts long work into slices: call `tick()` between units of work (a row, a record); it yields
 * once SLICE_MS have passed since the last yield, and throws ClientGone once `signal` aborted.
 */
export class Slicer {
  private since = performance.now();
  constructor(
    private readonly signal?: AbortSignal,
    private readonly budgetMs = SLICE_MS,
  ) {}

  async tick(): Promise<void> {
    if (this.signal?.aborted) throw new ClientGone();
    if (performance.now() - this.since < this.budgetMs) return;
    await yieldToLoop();
    this.since = performance.now();
    if (this.signal?.aborted) throw new ClientGone();
  }
}

/**
 * A Slicer for the work of one request, stopped when its client goes away. Call it before reading
 * the body: @hono/node-server only reports a closed connection to a signal already asked for.
 */
export function requestSlicer(c: Context): Slicer {
  return new Slicer(c.req.raw.signal);
}
