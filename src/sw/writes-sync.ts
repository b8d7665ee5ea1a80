/// <reference lib="webworker" />
import { del, get, set, values } from 'idb-keyval';
import { Queue } from 'workbox-background-sync';
import { IDEMPOTENCY_HEADER, readWorkerSession, WRITES_SYNC_TAG, workerRequest } from './protocol/background';
import {
  draftRecords,
  type PendingWrite,
  pendingRecords,
  recordKeyOf,
  type WritesMessage,
} from './protocol/pending-records';
import { classifyAnswer, planReplay, type QueuedWrite, refusedRecord, type Step } from './protocol/writes-plan';

/**
 * Writes saved offline, sent by the worker: on a Background Sync event (no window needs to be
 * open), in the order they were made, each with its id as `Idempotency-Key` (the server applies a
 * write once, however often it arrives). A Workbox background-sync Queue ('lectern-writes') holds
 * the Requests, built with the member's session key and never a token; the page's IndexedDB
 * records (protocol/pending-records.ts) stay the truth about what still waits, so a refusal
 * lands where the member reviews it and nothing is sent that the page has sent, discarded or
 * dropped at sign-out. Where Background Sync is missing (Firefox, Safari) the queue is replayed
 * when the worker starts and whenever a page says the network is back.
 */
declare const self: ServiceWorkerGlobalScope;

const API_BASE = '/prod-api';

/** Whether a replay is under way; its own put-backs must not ask for another sync meanwhile. */
const state = { replaying: false, addedMeanwhile: false };

/** The queue, registering our tag (WRITES_SYNC_TAG) rather than Workbox's prefixed one. */
class WritesQueue extends Queue {
  override async registerSync(): Promise<void> {
    if (state.replaying) {
      state.addedMeanwhile = true;
      return;
    }
    const sync = (self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      .sync;
    await sync?.register(WRITES_SYNC_TAG).catch(() => undefined);
  }
}

// One replay at a time, whoever asks (a sync event, a page, the worker starting).
let chain: Promise<boolean> = Promise.resolve(true);
function replay(queue: Queue): Promise<boolean> {
  const run = chain.then(
    () => replayOnce(queue),
    () => replayOnce(queue),
  );
  chain = run.catch(() => false);
  return run;
}

const queue = new WritesQueue(WRITES_SYNC_TAG, {
  // Without Background Sync, Workbox calls this when the worker starts: no error to report then.
  onSync: ({ queue: q }) => replay(q).then(() => undefined),
});

const requestOf = (w: PendingWrite): Request =>
  workerRequest(`${API_BASE}/${w.path}`, {
    userKey: w.user,
    method: w.method,
    body: JSON.stringify(w.body),
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: w.id },
  });

const metadataOf = (w: PendingWrite): QueuedWrite => ({ writeId: w.id, user: w.user });

async function takeAll(q: Queue) {
  const entries: { request: Request; metadata?: object }[] = [];
  for (let e = await q.shiftRequest(); e; e = await q.shiftRequest()) entries.push(e);
  return entries;
}

/** Sends what waits; false when the network (or the server) failed and the rest wait, in order. */
async function replayOnce(q: Queue): Promise<boolean> {
  state.replaying = true;
  state.addedMeanwhile = false;
  let ok = true;
  try {
    const entries = await takeAll(q);
    const [records, session] = await Promise.all([
      values<PendingWrite>(pendingRecords()),
      readWorkerSession().catch(() => undefined),
    ]);
    const queued = entries.map((e) => {
      const m = (e.metadata ?? {}) as Partial<QueuedWrite>;
      return { writeId: String(m.writeId ?? ''), user: String(m.user ?? '') };
    });
    const steps = planReplay(queued, records, session?.userKey);
    const sent: PendingWrite[] = [];
    const refused: string[] = [];
    const blocked = new Set<string>();
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i] as Step;
      if (step.action !== 'send') continue;
      const w = step.write;
      if (blocked.has(recordKeyOf(w))) continue;
      const request = step.queued !== undefined ? entries[step.queued]?.request : undefined;
      let outcome: ReturnType<typeof classifyAnswer>;
      try {
        const res = await fetch((request ?? requestOf(w)).clone());
        outcome = classifyAnswer(res.status, await res.json().catch(() => undefined));
      } catch {
        outcome = { kind: 'retry' };
      }
      if (outcome.kind === 'retry') {
        ok = false;
        await putBack(q, steps.slice(i), entries);
        break;
      }
      if (outcome.kind === 'sent') {
        await del(w.id, pendingRecords());
        if (w.draftKey) await del(w.draftKey, draftRecords());
        sent.push(w);
        continue;
      }
      // Refused: kept for the member to review, never retried nor forced.
      blocked.add(recordKeyOf(w));
      const latest = await get<PendingWrite>(w.id, pendingRecords());
      if (latest) await set(w.id, refusedRecord(latest, outcome), pendingRecords());
      refused.push(w.id);
    }
    if (sent.length > 0 || refused.length > 0) await tellPages({ type: 'lectern:writes-changed', sent, refused });
  } finally {
    state.replaying = false;
  }
  if (state.addedMeanwhile && ok) await q.registerSync();
  return ok;
}

/** After a failure: the writes not sent go back to the front of the queue, in their order. */
async function putBack(q: Queue, rest: readonly Step[], entries: { request: Request }[]): Promise<void> {
  const back = rest.filter((s): s is Extract<Step, { action: 'send' }> => s.action === 'send');
  for (const s of back.reverse()) {
    const request = s.queued !== undefined ? entries[s.queued]?.request : undefined;
    await q.unshiftRequest({ request: request ?? requestOf(s.write), metadata: { ...metadataOf(s.write) } });
  }
}

async function tellPages(message: WritesMessage): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

/** Sign-out: the member's entries go (their records are deleted by the page). */
async function dropUser(q: Queue, user: string): Promise<void> {
  const run = chain.then(async () => {
    state.replaying = true;
    try {
      for (const e of await takeAll(q)) {
        if ((e.metadata as Partial<QueuedWrite> | undefined)?.user !== user) await q.pushRequest(e);
      }
    } finally {
      state.replaying = false;
    }
    return true;
  });
  chain = run.catch(() => false);
  await run;
}

function isWrite(w: unknown): w is PendingWrite {
  const x = w as Partial<PendingWrite> | null;
  return (
    typeof x?.id === 'string' &&
    typeof x.user === 'string' &&
    typeof x.path === 'string' &&
    (x.method === 'POST' || x.method === 'PUT')
  );
}

self.addEventListener('message', (event) => {
  const data = event.data as WritesMessage | null;
  if (data?.type === 'lectern:queue-write' && isWrite(data.write)) {
    const w = data.write;
    event.waitUntil(
      queue
        .pushRequest({ request: requestOf(w), metadata: { ...metadataOf(w) } })
        .then(() => event.ports[0]?.postMessage(true)),
    );
  } else if (data?.type === 'lectern:replay-writes') {
    event.waitUntil(replay(queue));
  } else if (data?.type === 'lectern:drop-writes' && typeof data.user === 'string') {
    event.waitUntil(dropUser(queue, data.user));
  }
});

self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== WRITES_SYNC_TAG) return;
  // A failed replay fails the event: the browser tries again later, with its own back-off.
  sync.waitUntil(
    replay(queue).then((ok) => {
      if (!ok) throw new Error('Queued writes wait for the network');
    }),
  );
});
