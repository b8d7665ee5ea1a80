/// <reference lib="webworker" />
import { workerRequest } from './protocol/background';
import { clearBadgeRecord, writeBadgeRecord } from './protocol/notices';

declare const self: ServiceWorkerGlobalScope;

/** A session the server no longer accepts for this worker (ended elsewhere, or another member's key). */
export class SessionEnded extends Error {}

const COUNTS_TIMEOUT_MS = 10_000;

/**
 * The menu badges' numbers for the session, as its menu shows them: the live stream's first
 * `counts` event (the server leaves out what the member's roles may not see), read and the stream
 * closed. The same numbers the open console puts on the icon, from the same place.
 */
export async function countsFor(userKey: string, apiBase: string): Promise<Record<string, number>> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), COUNTS_TIMEOUT_MS);
  try {
    const res = await fetch(workerRequest(`${apiBase}/events`, { userKey, signal: abort.signal }));
    if (res.status === 401 || res.status === 403) throw new SessionEnded(`events: ${res.status}`);
    if (!res.ok || !res.body || !res.headers.get('Content-Type')?.includes('text/event-stream')) {
      await refusal(res);
      throw new Error(`events: ${res.status}`);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('events: ended before the counts');
      buffer += value.replace(/\r\n/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const counts = countsOf(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (counts) {
          void reader.cancel().catch(() => undefined);
          return counts;
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/** An envelope that says the session is over (the http client's codes, docs/product.md §8). */
export async function refusal(res: Response): Promise<void> {
  if (res.status === 401) throw new SessionEnded(String(res.status));
  const env = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (env && [50008, 50012, 50014].includes(Number(env.code))) throw new SessionEnded(String(env.code));
}

function countsOf(block: string): Record<string, number> | null {
  const lines = block.split('\n');
  if (!lines.includes('event: counts')) return null;
  const data = lines
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).trimStart())
    .join('\n');
  try {
    return JSON.parse(data) as Record<string, number>;
  } catch {
    return null;
  }
}

type BadgeNavigator = WorkerNavigator & {
  setAppBadge?: (n?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The icon's number for the session (cleared at 0), and a record of it in the worker's store. */
export async function showBadge(userKey: string, count: number): Promise<void> {
  const nav = self.navigator as BadgeNavigator;
  await (count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.())?.catch(() => undefined);
  await writeBadgeRecord({ userKey, count, at: Date.now() });
}

export async function clearBadge(): Promise<void> {
  await (self.navigator as BadgeNavigator).clearAppBadge?.()?.catch(() => undefined);
  await clearBadgeRecord();
}
