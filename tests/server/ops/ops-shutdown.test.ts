import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import OSS from 'ali-oss';
import { afterAll, describe, expect, it } from 'vitest';
import { ossSignature } from '../../../src/contract/vod-signature';
import { databaseUrlFor, dropSpawnedDatabases, pgQuery, TEST_ENGINE } from '../helpers/database';
import { type Spawned, signInAdmin, spawnServer, spawnWithAdmin } from '../helpers/spawn-server';
import { tempDirForFile } from '../helpers/temp';
import { type Credential, ossOptions, rpc, type Ticket, uploadTarget } from '../vod/helpers';

/**
 * Graceful shutdown of real server processes (main.ts): SIGTERM with an upload part half sent, and
 * a rolling restart of two instances behind a small balancer while clients keep working. On the
 * suite's engine (SQLite: both instances share the file, as two processes on one host may).
 */
const PASSWORD = 'Shutdown-admin-pass-1';
const tmp = tempDirForFile('lectern-shutdown-');
afterAll(() => dropSpawnedDatabases());

const exitOf = (child: Spawned['child']) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Resolves once the process has printed a line matching `re`. */
async function waitForOutput(s: Spawned, re: RegExp, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!re.test(s.output())) {
    if (Date.now() > until) throw new Error(`no ${re} in:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Open PostgreSQL connections of Lectern to `url`'s database (application_name 'lectern'). */
async function lecternConnections(url: string): Promise<number> {
  const rows = await pgQuery<{ n: number }>(
    url,
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'lectern'`,
  );
  return rows[0]?.n ?? -1;
}

describe('SIGTERM', () => {
  it('stops accepting, answers /readyz 503, lets an upload part in flight finish, closes the database, exits 0', async () => {
    const data = join(tmp.path, 'part-in-flight');
    const env = {
      LECTERN_DATA: data,
      LECTERN_DIST: join(tmp.path, 'no-dist'),
      LECTERN_ADMIN_PASSWORD: PASSWORD,
      // Long enough to see the 503 on a new connection before the port closes.
      LECTERN_SHUTDOWN_DELAY_SECONDS: '1',
      LECTERN_SHUTDOWN_GRACE_SECONDS: '30',
    };
    const server = await spawnServer(env);
    const token = await signInAdmin(server.url, PASSWORD);
    const credRes = await fetch(`${server.url}/prod-api/video/upload/credential`, { headers: { 'x-token': token } });
    const cred = ((await credRes.json()) as { data: Credential }).data;
    const t = await rpc<Ticket>(cred, 'CreateUploadVideo', { Title: 'Drain', FileName: 'drain.mp4', FileSize: 1 });
    expect(t.status).toBe(200);
    const { address, auth, client } = uploadTarget(t.body);
    const { uploadId } = await client.initMultipartUpload(address.FileName);

    // UploadPart by hand, so the body can stop half way: signed like ali-oss signs it.
    const part = randomBytes(512 * 1024 + 3);
    const query = { partNumber: '1', uploadId };
    const headers: Record<string, string> = {
      'content-type': 'application/octet-stream',
      'content-length': String(part.length),
      'x-oss-date': new Date().toUTCString(),
      'x-oss-security-token': auth.SecurityToken,
    };
    const signature = await ossSignature(
      { method: 'PUT', headers, bucket: address.Bucket, key: address.FileName, query },
      auth.AccessKeySecret,
    );
    headers.authorization = `OSS ${auth.AccessKeyId}:${signature}`;
    const target = new URL(`${server.url}/${address.Bucket}/${address.FileName}?${new URLSearchParams(query)}`);
    const req = http.request(target, { method: 'PUT', headers, agent: false });
    const answered = new Promise<{ status: number; etag: string | undefined; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body }));
      });
      req.on('error', reject);
    });
    const half = 256 * 1024;
    req.write(part.subarray(0, half));
    // The server is receiving the part: wait until its temp file has grown.
    await new Promise((r) => setTimeout(r, 300));

    server.child.kill('SIGTERM');
    await waitForOutput(server, /SIGTERM: shutting down/);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'shutting down', failing: ['shutdown'] });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // After the delay the port closes: new connections are refused, the part is still arriving.
    await waitForOutput(server, /no longer accepting connections/);
    const refused = await fetch(`${server.url}/healthz`).then(
      () => 'answered',
      (err: { cause?: { code?: string } }) => err.cause?.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    req.end(part.subarray(half));
    const res = await answered;
    expect(res.status, res.body).toBe(200);
    expect(res.etag).toBe(`"${createHash('md5').update(part).digest('hex').toUpperCase()}"`);
    expect(await exitOf(server.child)).toBe(0);
    expect(server.output()).toMatch(/shutdown: all requests finished/);
    expect(server.output()).toMatch(/shutdown: database closed; stopped/);
    // The process's own log (JSON lines on stdout) never shows a credential it handled.
    for (const secret of [
      PASSWORD,
      token,
      cred.accessKeySecret,
      cred.securityToken,
      auth.AccessKeySecret,
      auth.SecurityToken,
      signature,
    ])
      expect(server.output().includes(secret)).toBe(false);
    expect(server.output()).toMatch(/"route":"\/lectern-media\/\*","status":200/);

    // Closed cleanly: SQLite checkpointed and removed its WAL; PostgreSQL has no session of ours left.
    if (TEST_ENGINE === 'sqlite') {
      const wal = join(data, 'lectern.sqlite-wal');
      expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    } else {
      expect(await lecternConnections((await databaseUrlFor(data)) as string)).toBe(0);
    }

    // The part was kept: a restarted server lists it.
    const again = await spawnServer(env);
    try {
      const listed = (await new OSS(ossOptions({ ...address, Endpoint: again.url }, auth)).listParts(
        address.FileName,
        uploadId,
        {} as OSS.ListPartsQuery,
      )) as unknown as { parts: { PartNumber: string; Size: string; ETag: string }[] };
      const parts = Array.isArray(listed.parts) ? listed.parts : [listed.parts];
      expect(parts.map((p) => [p.PartNumber, Number(p.Size), p.ETag])).toEqual([['1', part.length, res.etag]]);
    } finally {
      await again.stop();
    }
  }, 90_000);

  it('cuts requests still running when the grace period ends, then still closes the database and exits', async () => {
    const server = await spawnWithAdmin(join(tmp.path, 'grace'), PASSWORD, { LECTERN_SHUTDOWN_GRACE_SECONDS: '1' });
    const token = await signInAdmin(server.url, PASSWORD);
    // A request that never completes: a body that is announced and never sent.
    const req = http.request(`${server.url}/prod-api/category`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000', 'x-token': token },
      agent: false,
    });
    const outcome = new Promise<string>((resolve) => {
      req.on('response', (r) => resolve(`answered ${r.statusCode}`));
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    req.write('{"name":');
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await exitOf(server.child)).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(10_000);
    expect(await outcome).toBe('ECONNRESET');
    expect(server.output()).toMatch(/grace period over, closing remaining connections/);
    expect(server.output()).toMatch(/shutdown: database closed; stopped/);
  }, 60_000);
});

interface Backend {
  port: number;
  ready: boolean;
  /** Requests this backend answered. */
  served: number;
}

/**
 * A round-robin balancer on loopback, like a proxy with active health checks: polls /readyz every
 * 100 ms and sends only to ready backends (to all when none is), and retries another backend only
 * when the connection was refused (the request was never sent, so even a POST is safe to retry).
 */
async function startBalancer(backends: Backend[]) {
  let next = 0;
  let stopped = false;
  let retries = 0;
  const poll = async () => {
    while (!stopped) {
      await Promise.all(
        backends.map(async (b) => {
          try {
            const res = await fetch(`http://127.0.0.1:${b.port}/readyz`, { signal: AbortSignal.timeout(1000) });
            b.ready = res.status === 200;
            await res.arrayBuffer();
          } catch {
            b.ready = false;
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const polling = poll();

  const forward = (b: Backend, req: http.IncomingMessage, body: Buffer) =>
    new Promise<{ res: http.IncomingMessage } | { refused: true }>((resolve, reject) => {
      const out = http.request(
        { host: '127.0.0.1', port: b.port, method: req.method, path: req.url, headers: req.headers, agent: false },
        (res) => resolve({ res }),
      );
      out.on('error', (err: NodeJS.ErrnoException) =>
        err.code === 'ECONNREFUSED' ? resolve({ refused: true }) : reject(err),
      );
      out.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const start = next++;
    const ready = backends.filter((b) => b.ready);
    const pool = ready.length > 0 ? ready : backends;
    try {
      for (let i = 0; i < pool.length * 3; i++) {
        const b = pool[(start + i) % pool.length] as Backend;
        const r = await forward(b, req, body);
        if ('refused' in r) {
          retries++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        b.served++;
        res.writeHead(r.res.statusCode ?? 502, r.res.headers);
        r.res.pipe(res);
        return;
      }
      res.writeHead(502).end('no backend accepted the connection');
    } catch (err) {
      res.writeHead(502).end(`backend failed: ${(err as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    retries: () => retries,
    close: async () => {
      stopped = true;
      await polling;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Several instances need PostgreSQL (docs/operations.md): two processes writing one SQLite file
 * get "database is locked" under concurrent writes whatever the shutdown does.
 */
describe.skipIf(TEST_ENGINE !== 'postgres')('rolling restart', () => {
  it('two instances behind a balancer restarted one after the other: the clients see no error', async () => {
    const data = join(tmp.path, 'rolling');
    const ports = [await freePort(), await freePort()];
    const envFor = (port: number) => ({
      PORT: String(port),
      LECTERN_DATA: data,
      LECTERN_DIST: join(tmp.path, 'no-dist'),
      LECTERN_ADMIN_PASSWORD: PASSWORD,
      // The balancer polls every 100 ms: half a second of 503 takes the instance out first.
      LECTERN_SHUTDOWN_DELAY_SECONDS: '1',
      LECTERN_SHUTDOWN_GRACE_SECONDS: '20',
    });
    // The first start migrates; the second finds nothing to do.
    const instances: Spawned[] = [await spawnServer(envFor(ports[0] as number))];
    instances.push(await spawnServer(envFor(ports[1] as number)));
    const backends: Backend[] = ports.map((port) => ({ port, ready: true, served: 0 }));
    const lb = await startBalancer(backends);
    const token = await signInAdmin(lb.url, PASSWORD);

    let restarting = true;
    const errors: string[] = [];
    const created: string[] = [];
    let requests = 0;
    const deadline = Date.now() + 90_000;
    // Three clients, each at most 1500 requests: reads and writes through the balancer.
    const client = async (n: number) => {
      let after = 0;
      for (let i = 0; i < 1500 && Date.now() < deadline && (restarting || after++ < 20); i++) {
        const write = i % 3 === 0;
        const name = `rolling-${n}-${i}`;
        try {
          const res = await fetch(`${lb.url}/prod-api/category${write ? '' : '/list'}`, {
            method: write ? 'POST' : 'GET',
            headers: { 'x-token': token, 'content-type': 'application/json' },
            body: write ? JSON.stringify({ name }) : undefined,
          });
          const text = await res.text();
          requests++;
          if (res.status !== (write ? 201 : 200)) errors.push(`${res.status} ${text.slice(0, 200)}`);
          else if (write) created.push(name);
        } catch (err) {
          errors.push(String((err as Error).cause ?? err));
        }
      }
    };
    const clients = Promise.all([0, 1, 2].map(client));

    const restart = async (i: number) => {
      const old = instances[i] as Spawned;
      const servedBefore = (backends[i] as Backend).served;
      old.child.kill('SIGTERM');
      expect(await exitOf(old.child)).toBe(0);
      instances[i] = await spawnServer(envFor(ports[i] as number));
      // Back in rotation: the balancer sends to it again.
      const until = Date.now() + 20_000;
      while ((backends[i] as Backend).served === servedBefore && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
    };
    try {
      await new Promise((r) => setTimeout(r, 1000));
      await restart(0);
      await restart(1);
    } finally {
      restarting = false;
      await clients;
      await lb.close();
      await Promise.all(instances.map((s) => s.stop()));
    }

    expect(errors).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    for (const b of backends) expect(b.served).toBeGreaterThan(20);
    // Every acknowledged create is there exactly once: no retry wrote twice.
    const check = await spawnServer(envFor(ports[0] as number));
    try {
      const list = await fetch(`${check.url}/prod-api/category/list`, { headers: { 'x-token': token } });
      const names = ((await list.json()) as { data: { name: string }[] }).data.map((c) => c.name);
      expect(names.filter((n) => n.startsWith('rolling-')).sort()).toEqual([...created].sort());
    } finally {
      await check.stop();
    }
  }, 180_000);
});
