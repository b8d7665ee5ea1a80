import { API_BASE, isSuccessCode } from '../contract/envelope';

/**
 * The console side of the live stream (`GET /prod-api/events`, docs/api-additions.md). The API
 * authenticates by the X-Token header only, which EventSource cannot send, so the stream is read
 * with fetch and a ReadableStream, parsed here, and reconnected here with Last-Event-ID.
 */

export interface LiveMessage {
  event: string;
  id?: string;
  data: string;
}

/**
 * Incremental server-sent-event parser (the WHATWG rules the console needs: `event`, `id`,
 * multi-line `data`, comments, CRLF or LF). Feed it chunks; it calls `emit` per complete event.
 */
export function createSseParser(emit: (m: LiveMessage) => void, onComment?: () => void) {
  let buffer = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  const line = (l: string) => {
    if (l === '') {
      if (data.length > 0) emit({ event: event || 'message', id, data: data.join('\n') });
      event = '';
      id = undefined;
      data = [];
      return;
    }
    if (l.startsWith(':')) {
      onComment?.();
      return;
    }
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };
  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const m = /\r\n|\r|\n/.exec(buffer);
      // A lone CR at the very end may be the first half of CRLF: wait for more.
      if (!m || (m[0] === '\r' && m.index === buffer.length - 1)) break;
      line(buffer.slice(0, m.index));
      buffer = buffer.slice(m.index + m[0].length);
    }
  };
}

/** Retry delays after a failed or dropped stream: 1 s, 2 s, 4 s… up to 30 s. */
export const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));

/** Without a byte (events or the server's heartbeat every 25 s) for this long, the stream is dead. */
export const SILENCE_MS = 70_000;

export interface LiveOptions {
  baseURL?: string;
  getToken(): string | undefined;
  clientId: string;
  /** `resumed`: this connection asked to resume (Last-Event-ID); false on a first connection. */
  onMessage(m: LiveMessage, resumed: boolean): void;
  /** The stream is (true) or is not (false) open; for a status dot and for tests. */
  onStatus?(open: boolean): void;
  /** The server refused the session (signed out elsewhere, expired): no retrying. */
  onRefused?(code: number): void;
  /**
   * Where a first connection resumes from: the position the data on screen was read at (see
   * {@link createResumePoint}), so only what changed since is replayed; undefined: from now on.
   */
  resumeFrom?(): string | undefined;
  fetch?: typeof fetch;
}

/**
 * One live connection: `start()` while signed in and online, `stop()` otherwise. It remembers the
 * last event id across reconnects (network drop, offline and back, another instance behind the
 * balancer) so the server replays what was missed, or says `reset` when it cannot.
 */
export function createLiveConnection(opts: LiveOptions) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  let lastEventId: string | undefined;
  let running = false;
  let ctrl: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  /** Each start() is a generation: a stopped connection finishing late must not reconnect. */
  let generation = 0;

  async function connect(gen: number) {
    if (!running || gen !== generation) return;
    const token = opts.getToken();
    if (!token) return;
    ctrl = new AbortController();
    const mine = ctrl;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(() => mine.abort(), SILENCE_MS);
    };
    try {
      const headers: Record<string, string> = { 'X-Token': token, Accept: 'text/event-stream' };
      lastEventId ??= opts.resumeFrom?.();
      const resumed = lastEventId !== undefined;
      if (resumed) headers['Last-Event-ID'] = lastEventId as string;
      const base = opts.baseURL ?? API_BASE;
      const res = await doFetch(`${base}/events?clientId=${encodeURIComponent(opts.clientId)}`, {
        headers,
        cache: 'no-store',
        signal: mine.signal,
      });
      if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) {
        const body = (await res.json().catch(() => null)) as { code?: number } | null;
        if (body?.code !== undefined && !isSuccessCode(body.code)) {
          if (gen !== generation) return;
          running = false;
          opts.onRefused?.(body.code);
          return;
        }
        throw new Error(`events: unexpected answer ${res.status}`);
      }
      attempt = 0;
      opts.onStatus?.(true);
      alive();
      const parse = createSseParser((m) => {
        if (m.id !== undefined) lastEventId = m.id;
        opts.onMessage(m, resumed);
      }, alive);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        parse(value);
      }
    } catch {
      // Network gone, aborted (stop, silence) or refused: the retry below decides.
    } finally {
      clearTimeout(silence);
      if (ctrl === mine) ctrl = null;
    }
    if (gen !== generation) return;
    opts.onStatus?.(false);
    if (!running) return;
    retryTimer = setTimeout(() => void connect(gen), retryDelay(attempt));
    attempt += 1;
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      generation += 1;
      void connect(generation);
    },
    stop() {
      running = false;
      clearTimeout(retryTimer);
      ctrl?.abort();
      ctrl = null;
    },
    /** A new sign-in starts from nothing: another user's resume point means nothing. */
    forget() {
      lastEventId = undefined;
    },
    get lastEventId() {
      return lastEventId;
    },
    get running() {
      return running;
    },
  };
}

/**
 * The oldest live-stream position the console's data was read at. Every answer carries the
 * position at which the server began reading it (`X-Lectern-Event-Position`, `<instance>-<seq>`);
 * a stream opened after the screen loaded resumes from the oldest of them and gets, as events, just
 * what changed since, instead of the console fetching everything again when it connects. Positions
 * of one instance's events are ordered by their number; positions named after different instances
 * cannot be ordered here, and then there is none (the first connection refetches what is shown).
 */
export function createResumePoint() {
  let oldest: string | undefined;
  let unordered = false;
  const parse = (position: string) => {
    const m = /^(.+)-(\d+)$/.exec(position);
    return m ? { instance: m[1], seq: Number(m[2]) } : undefined;
  };
  return {
    note(position: string): void {
      const now = parse(position);
      if (unordered || !now || position === oldest) return;
      const was = oldest === undefined ? undefined : parse(oldest);
      if (!was) oldest = position;
      else if (was.instance !== now.instance) unordered = true;
      else if (now.seq < was.seq) oldest = position;
    },
    get(): string | undefined {
      return unordered ? undefined : oldest;
    },
    /** A new session: what the previous one read says nothing about the next one's data. */
    clear(): void {
      oldest = undefined;
      unordered = false;
    },
  };
}

/** The console's resume point (lib/api.ts notes each answer's position; shell/live-root.tsx reads it). */
export const resumePoint = createResumePoint();

/** This tab's id for presence: random, kept for the tab's life. */
export const TAB_ID: string = (() => {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
})();
