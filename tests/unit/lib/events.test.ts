// @vitest-environment node
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLiveConnection,
  createResumePoint,
  createSseParser,
  type LiveMessage,
  retryDelay,
} from '../../../src/lib/events';
import { apiCacheKind } from '../../../src/sw/protocol/cache-keys';

describe('createSseParser', () => {
  it('joins events split anywhere across chunks, with LF, CRLF or CR line ends', () => {
    const text =
      'retry: 3000\n\n: heartbeat\n\nevent: change\nid: a-1\ndata: {"x":1}\n\r\nevent: counts\r\ndata: line one\r\ndata: line two\r\n\r\nid: a-2\rdata: plain\r\r\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const got: LiveMessage[] = [];
      let comments = 0;
      const feed = createSseParser(
        (m) => got.push(m),
        () => {
          comments += 1;
        },
      );
      for (let i = 0; i < text.length; i += size) feed(text.slice(i, i + size));
      expect(got, `chunks of ${size}`).toEqual([
        { event: 'change', id: 'a-1', data: '{"x":1}' },
        { event: 'counts', id: undefined, data: 'line one\nline two' },
        { event: 'message', id: 'a-2', data: 'plain' },
      ]);
      expect(comments).toBe(1);
    }
  });
});

describe('retryDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('the service worker and the live stream', () => {
  it('never caches the stream or presence (the worker routes neither, so they go to the network)', () => {
    expect(apiCacheKind('GET', '/prod-api/events')).toBeNull();
    expect(apiCacheKind('POST', '/prod-api/presence')).toBeNull();
  });
});

/** A real HTTP server playing the events endpoint: each request is handled by the next script. */
type Script = (res: ServerResponse, headers: Record<string, string | string[] | undefined>) => void;
let scripts: Script[] = [];
const seen: Record<string, string | string[] | undefined>[] = [];
const urls: string[] = [];
let base = '';
const server = createServer((req, res) => {
  seen.push(req.headers);
  urls.push(req.url ?? '');
  const script = scripts.shift();
  if (script) script(res, req.headers);
  else res.writeHead(503).end();
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod-api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });

describe('createResumePoint', () => {
  it('keeps the oldest position of one instance, none once positions of different instances mix', () => {
    const point = createResumePoint();
    expect(point.get()).toBeUndefined();
    point.note('a1b2-7');
    point.note('a1b2-9');
    point.note('a1b2-5');
    point.note('not a position');
    expect(point.get()).toBe('a1b2-5');
    // The ring was empty when this answer was read ("-0"): older than any event of that instance.
    point.note('a1b2-0');
    expect(point.get()).toBe('a1b2-0');
    point.note('ffee-3');
    expect(point.get()).toBeUndefined();
    point.note('a1b2-0');
    expect(point.get()).toBeUndefined();
    point.clear();
    point.note('ffee-3');
    expect(point.get()).toBe('ffee-3');
  });
});

describe('createLiveConnection', () => {
  it('a first connection resumes from where the data on screen was read; later ones from the last event', async () => {
    const got: LiveMessage[] = [];
    const resumed: boolean[] = [];
    scripts = [
      (res) => {
        sse(res);
        res.write('event: change\nid: i-8\ndata: {"id":8}\n\nevent: ready\nid: i-8\ndata: {}\n\n');
        setTimeout(() => res.destroy(), 50);
      },
      (res) => {
        sse(res);
        res.write('event: ready\nid: i-8\ndata: {}\n\n');
      },
    ];
    const conn = createLiveConnection({
      baseURL: base,
      getToken: () => 'tok-1',
      clientId: 'tab-123456',
      onMessage: (m, r) => {
        got.push(m);
        resumed.push(r);
      },
      resumeFrom: () => 'i-6',
    });
    conn.start();
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(3);
    conn.stop();
    expect(seen.at(-2)?.['last-event-id']).toBe('i-6');
    expect(seen.at(-1)?.['last-event-id']).toBe('i-8');
    expect(resumed).toEqual([true, true, true]);
  });

  it('sends the token and tab id, delivers events, and on a drop reconnects with Last-Event-ID', async () => {
    const got: LiveMessage[] = [];
    scripts = [
      (res) => {
        sse(res);
        res.write('event: ready\nid: i-3\ndata: {}\n\nevent: change\nid: i-4\ndata: {"id":4}\n\n');
        // The connection drops (server restart, network).
        setTimeout(() => res.destroy(), 50);
      },
      (res) => {
        sse(res);
        res.write('event: change\nid: i-5\ndata: {"id":5}\n\n');
      },
    ];
    const conn = createLiveConnection({
      baseURL: base,
      getToken: () => 'tok-1',
      clientId: 'tab-123456',
      onMessage: (m) => got.push(m),
    });
    conn.start();
    await expect.poll(() => got.map((m) => m.id), { timeout: 5000 }).toEqual(['i-3', 'i-4', 'i-5']);
    conn.stop();
    expect(seen.at(-2)?.['x-token']).toBe('tok-1');
    expect(seen.at(-2)?.['last-event-id']).toBeUndefined();
    expect(seen.at(-1)?.['last-event-id']).toBe('i-4');
    expect(urls.at(-1)).toBe('/prod-api/events?clientId=tab-123456');
  });

  it('stops retrying when the server refuses the session, and after stop() nothing reconnects', async () => {
    const before = seen.length;
    let refused = 0;
    scripts = [
      (res) => {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"code":50008,"msg":"Not signed in","data":null}');
      },
    ];
    const conn = createLiveConnection({
      baseURL: base,
      getToken: () => 'gone',
      clientId: 'tab-123456',
      onMessage: () => undefined,
      onRefused: (code) => {
        refused = code;
      },
    });
    conn.start();
    await expect.poll(() => refused, { timeout: 5000 }).toBe(50008);
    expect(conn.running).toBe(false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen.length - before).toBe(1);

    // Started, then stopped while the stream is open (offline): the open request is aborted and
    // no retry follows.
    let closed = false;
    scripts = [
      (res) => {
        sse(res);
        res.write(': hi\n\n');
        res.on('close', () => {
          closed = true;
        });
      },
    ];
    const open: boolean[] = [];
    const live = createLiveConnection({
      baseURL: base,
      getToken: () => 'tok',
      clientId: 'tab-123456',
      onMessage: () => undefined,
      onStatus: (o) => open.push(o),
    });
    live.start();
    await expect.poll(() => open, { timeout: 5000 }).toEqual([true]);
    const requests = seen.length;
    live.stop();
    await expect.poll(() => closed, { timeout: 5000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen.length).toBe(requests);
  });
});
