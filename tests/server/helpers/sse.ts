import type { PresenceEvent } from '../../../src/contract/events';

/** One server-sent event as a client sees it. */
export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event received so far (heartbeat comments are counted in `comments`). */
  events: SseEvent[];
  comments: number;
  /** Resolves with the first event (received already or later) that matches; rejects after `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET {base}/prod-api/events` with fetch and parses the stream as the console does (a real
 * HTTP connection; no EventSource in Node, and it could not send X-Token anyway).
 */
export async function openStream(
  base: string,
  opts: { token?: string; lastEventId?: string; clientId?: string } = {},
): Promise<SseStream> {
  const ctrl = new AbortController();
  const headers: Record<string, string> = {};
  if (opts.token) headers['X-Token'] = opts.token;
  if (opts.lastEventId) headers['Last-Event-ID'] = opts.lastEventId;
  const q = opts.clientId ? `?clientId=${encodeURIComponent(opts.clientId)}` : '';
  const res = await fetch(`${base}/prod-api/events${q}`, { headers, signal: ctrl.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }>();
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    events,
    comments: 0,
    next(match, timeoutMs = 5000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = {
          match,
          resolve: (e: SseEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    ended: Promise.resolve(),
    close: () => ctrl.abort(),
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.ended = res.text().then(() => undefined);
    return stream;
  }
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
        if (done) return;
        buf += value;
        for (let cut = buf.indexOf('\n\n'); cut >= 0; cut = buf.indexOf('\n\n')) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const e: { event: string; id?: string; data: string[] } = { event: 'message', data: [] };
          let any = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments += 1;
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('data: ')) {
              e.data.push(line.slice(6));
              any = true;
            }
          }
          if (!any) continue;
          const ev: SseEvent = { event: e.event, id: e.id, data: JSON.parse(e.data.join('\n')) };
          events.push(ev);
          for (const w of [...waiters]) {
            if (w.match(ev)) {
              waiters.delete(w);
              w.resolve(ev);
            }
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}

/**
 * For `stream.next`: a presence event listing `editors` editors (of record `id` where given), among
 * the stream's events from index `from` on (to wait for one that comes after an event seen already).
 */
export const presenceEvent =
  (stream: SseStream, o: { editors: number; id?: number; from?: number }) =>
  (e: SseEvent): boolean =>
    stream.events.indexOf(e) >= (o.from ?? 0) &&
    e.event === 'presence' &&
    (o.id === undefined || (e.data as PresenceEvent).id === o.id) &&
    (e.data as PresenceEvent).editors.length === o.editors;
