/**
 * The pure part of the worker's replay of queued writes (src/sw/writes-sync.ts): which queued
 * entries to send and in what order, and what a server's answer means for the write. No Workbox,
 * no IndexedDB, so it is tested on its own (tests/unit/pwa/writes-plan.test.ts).
 */
import { type PendingWrite, recordKeyOf, type WireFieldError } from './pending-records';

/**
 * The envelope codes the replay tells apart (src/contract/envelope.ts `Code`, outside the worker's
 * build; tests/unit/pwa/writes-plan.test.ts holds them equal).
 */
export const REPLAY_CODES = { Ok: 20000, OkAlt: 0, Conflict: 40900, TooManyRequests: 42900, Internal: 50000 } as const;
const Code = REPLAY_CODES;
const isSuccessCode = (code: number) => code === Code.Ok || code === Code.OkAlt;

/** What a queue entry carries besides its Request. */
export interface QueuedWrite {
  writeId: string;
  user: string;
}

export type Step =
  /** Send it: `queued` is the index of its queue entry, or undefined when it is built from the record. */
  | { action: 'send'; write: PendingWrite; queued?: number }
  /**
   * Not now: an earlier write to the same record was refused (the member reviews that first), or
   * it is another member's. The record stays as it is; the queue entry goes (it is built again
   * from the record when it may go).
   */
  | { action: 'hold'; write: PendingWrite; queued?: number }
  /** Nothing to send: the write was sent, discarded, dropped at sign-out, or refused already. */
  | { action: 'drop'; writeId: string; queued?: number };

/**
 * The replay, in the order the writes were made. The page's records are the truth: a queue entry
 * whose record is gone or no longer pending is dropped (the page sent it, or the member discarded
 * it, or signed out); a pending record of the member signed in now that the queue lacks (queued
 * before the worker controlled the page, or a message lost on the way) is added.
 */
export function planReplay(queued: readonly QueuedWrite[], records: readonly PendingWrite[], user?: string): Step[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  // A write saved again (an offline form saved twice) was handed over twice: its last Request is it.
  const last = new Map(queued.map((q, i) => [q.writeId, i]));
  const seen = new Set<string>();
  const steps: (Step & { at: number; order: number })[] = [];
  queued.forEach((q, i) => {
    const write = byId.get(q.writeId);
    if (write?.state !== 'pending' || write.user !== q.user || last.get(q.writeId) !== i) {
      steps.push({ action: 'drop', writeId: q.writeId, queued: i, at: -1, order: i });
      return;
    }
    seen.add(q.writeId);
    steps.push({ action: 'send', write, queued: i, at: write.createdAt, order: i });
  });
  for (const write of records) {
    if (seen.has(write.id) || write.state !== 'pending' || !user || write.user !== user) continue;
    steps.push({ action: 'send', write, at: write.createdAt, order: queued.length });
  }
  // Refused writes block the later writes to their record, as the page's own sender does.
  const blocked = new Set(records.filter((r) => r.state !== 'pending').map(recordKeyOf));
  const ordered = steps.sort((a, b) => a.at - b.at || a.order - b.order);
  return ordered.map(({ at: _at, order: _order, ...step }) => {
    if (step.action !== 'send') return step;
    const key = recordKeyOf(step.write);
    if (blocked.has(key) || (user !== undefined && step.write.user !== user)) {
      blocked.add(key);
      return { ...step, action: 'hold' };
    }
    return step;
  });
}

export type Outcome =
  | { kind: 'sent'; data: unknown }
  /** Not an answer about the write (no network, the server down or overloaded): try again later. */
  | { kind: 'retry' }
  /** A newer version of the record (409 with `current`): the member compares, nothing is forced. */
  | { kind: 'conflict'; current: unknown; message: string; code: number; data: unknown }
  /** Refused (a rule such as no copies left, validation, the session gone): kept for review. */
  | {
      kind: 'failed';
      message: string;
      code: number;
      data: unknown;
      fieldErrors?: Record<string, WireFieldError>;
    };

/** What an answer (`status`, its parsed body or undefined) means for the write that was sent. */
export function classifyAnswer(status: number, body: unknown): Outcome {
  const env = body as { code?: unknown; msg?: unknown; data?: unknown } | null | undefined;
  if (!env || typeof env !== 'object' || typeof env.code !== 'number') {
    // A proxy's page or an empty answer: a server error is worth another try, anything else is not.
    if (status >= 500 || status === 429 || status === 0) return { kind: 'retry' };
    return { kind: 'failed', message: `${status}`, code: status, data: null };
  }
  const code = env.code;
  if (isSuccessCode(code)) return { kind: 'sent', data: env.data };
  if (code === Code.Internal || code === Code.TooManyRequests || status >= 500) return { kind: 'retry' };
  const message = typeof env.msg === 'string' ? env.msg : '';
  const data = env.data ?? null;
  const current = (data as { current?: unknown } | null)?.current;
  if (code === Code.Conflict && current) return { kind: 'conflict', current, message, code, data };
  const errors = (data as { errors?: WireFieldError[] } | null)?.errors;
  const fieldErrors = Array.isArray(errors) ? Object.fromEntries(errors.map((e) => [e.path, e])) : undefined;
  return { kind: 'failed', message, code, data, ...(fieldErrors ? { fieldErrors } : {}) };
}

/** The record's new state after a refusal (conflict or failed), as the page reviews it. */
export function refusedRecord(write: PendingWrite, outcome: Exclude<Outcome, { kind: 'sent' | 'retry' }>) {
  const next: PendingWrite = { ...write, errorCode: outcome.code, errorData: outcome.data, error: outcome.message };
  if (outcome.kind === 'conflict') return { ...next, state: 'conflict' as const, current: outcome.current };
  return { ...next, state: 'failed' as const, fieldErrors: outcome.fieldErrors };
}
