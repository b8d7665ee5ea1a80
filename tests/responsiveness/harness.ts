import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect } from 'vitest';
import { dropSpawnedDatabases } from '../server/helpers/database';
import { type Spawned, signInAdmin, spawnWithAdmin } from '../server/helpers/spawn-server';

/** The responsiveness bounds: a hostile request is answered within this… */
export const HOSTILE_LIMIT_MS = 1000;
/** …and no liveness probe sent meanwhile waits longer than this. */
export const HEALTHZ_LIMIT_MS = 200;
/** How often /healthz is polled while a request runs. */
const POLL_MS = 50;
/** The poll goes on this long after the answer: work left running after it must not stall either. */
const TAIL_MS = 300;

export const PASSWORD = 'Quartz-Lantern-9173';

export interface LiveServer {
  readonly url: string;
  readonly token: string;
  readonly dataDir: string;
  readonly spawned: Spawned;
}

/**
 * One real server process for the tests of a file (its own event loop is what is measured, not the
 * test runner's), with the admin signed in. `env` adds settings.
 */
export function serverForFile(env: Record<string, string> = {}): LiveServer {
  let dir: string | undefined;
  let spawned: Spawned | undefined;
  let token = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lectern-resp-'));
    spawned = await spawnWithAdmin(dir, PASSWORD, env);
    token = await signInAdmin(spawned.url, PASSWORD);
  });
  afterAll(async () => {
    await spawned?.stop();
    await dropSpawnedDatabases();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const need = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('serverForFile: the server starts in beforeAll');
    return v;
  };
  return {
    get url() {
      return need(spawned).url;
    },
    get token() {
      return token;
    },
    get dataDir() {
      return need(dir);
    },
    get spawned() {
      return need(spawned);
    },
  };
}

export interface Probed {
  /** What the request under test answered. */
  status: number;
  body: string;
  /** How long it took to answer. */
  ms: number;
  /** The slowest /healthz answer while it ran (and TAIL_MS after). */
  healthzMaxMs: number;
  /** How many /healthz answers came meanwhile. */
  healthzCount: number;
}

/**
 * Sends the request `send` makes while /healthz is polled every 50 ms, from before it starts to
 * TAIL_MS after its answer; returns the answer and the poll's slowest answer. A request that is
 * still unanswered after `giveUpMs` is aborted (and reported as taking that long).
 */
export async function underPoll(
  url: string,
  send: (signal: AbortSignal) => Promise<Response>,
  giveUpMs = 30_000,
): Promise<Probed> {
  const latencies: number[] = [];
  let stop = false;
  const poll = (async () => {
    while (!stop) {
      const t = performance.now();
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      const took = performance.now() - t;
      latencies.push(took);
      if (took < POLL_MS) await new Promise((r) => setTimeout(r, POLL_MS - took));
    }
  })();
  // The first probe is in, so the poll is warm before the request starts.
  while (latencies.length === 0) await new Promise((r) => setTimeout(r, 5));
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), giveUpMs);
  const t0 = performance.now();
  let status = 0;
  let body = '';
  try {
    const res = await send(abort.signal);
    body = await res.text();
    status = res.status;
  } catch (err) {
    if (!abort.signal.aborted) {
      // The poll must not outlive this request and run into the next test's figures.
      stop = true;
      await poll;
      throw err;
    }
  } finally {
    clearTimeout(timer);
  }
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, TAIL_MS));
  stop = true;
  await poll;
  return { status, body, ms, healthzMaxMs: Math.max(...latencies), healthzCount: latencies.length };
}

/** A request with a JSON body, `token` if given; `body` is sent as it is when it is a string. */
export function post(url: string, path: string, body: unknown, token?: string, method = 'POST') {
  return (signal: AbortSignal) =>
    fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal,
    });
}

/** Both bounds, with what was sent and answered in the failure message. */
export function expectResponsive(p: Probed, what: string, expected?: number | number[]): void {
  const info = `${what}: answered ${p.status} in ${Math.round(p.ms)} ms, slowest /healthz ${Math.round(p.healthzMaxMs)} ms (${p.healthzCount} probes); ${p.body.slice(0, 200)}`;
  expect(p.ms, info).toBeLessThan(HOSTILE_LIMIT_MS);
  expect(p.healthzMaxMs, info).toBeLessThan(HEALTHZ_LIMIT_MS);
  if (expected !== undefined) expect([expected].flat(), info).toContain(p.status);
}

/** JSON text of `depth` nested arrays: `[[[…]]]`. */
export const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** JSON text of `depth` nested objects: `{"a":{"a":…}}`. */
export const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
