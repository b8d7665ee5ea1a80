import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vodDb } from '../../../src/server/vod/tables';
import { ADMIN_PASSWORD, type TestServer } from '../helpers/test-server';
import { credential, decode, rpc, startVodServer, type Ticket, type UploadAddress } from '../vod/helpers';

/** A request with a Host header of our choosing (fetch does not let one set it). */
function withHost(
  base: string,
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: { ...headers, Host: host } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('Cache-Control: no-store', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startVodServer();
  });
  afterAll(() => s.close());

  it('is on sign-in (success and failure), the session, lists, errors and the upload credential', async () => {
    const answers = [
      await s.login('admin', ADMIN_PASSWORD),
      await s.login('admin', 'wrong-password-1'),
      await s.call('GET', `/auth/info?token=${s.adminToken}`),
      await s.call('GET', '/auth/info', { token: s.adminToken }),
      await s.call('POST', '/user/page', { token: s.adminToken, body: {} }),
      await s.call('POST', '/book/page', { token: s.adminToken, body: {} }),
      await s.call('GET', '/video/upload/credential', { token: s.adminToken }),
      await s.call('GET', '/video/upload/credential'),
      await s.call('GET', '/no/such/route', { token: s.adminToken }),
      await s.call('POST', '/book', { token: s.adminToken, body: {} }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 200, 200, 200, 200, 401, 404, 400]);
    for (const a of answers) expect(a.headers.get('cache-control'), JSON.stringify(a.body)).toBe('no-store');
  });

  it('is on the video service answers (UploadAuth is a credential), but not on public object reads', async () => {
    const cred = await credential(s);
    const t = await rpc<Ticket>(cred, 'CreateUploadVideo', { Title: 'T', FileName: 't.mp4', FileSize: 4 });
    expect(t.status).toBe(200);
    expect(t.headers.get('cache-control')).toBe('no-store');
    const refused = await rpc(cred, 'NoSuchAction');
    expect([refused.status, refused.headers.get('cache-control')]).toEqual([404, 'no-store']);
    const address = decode<UploadAddress>(t.body.UploadAddress);
    const missing = await fetch(`${s.url}/${address.Bucket}/${address.FileName}`);
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, 'no-store']);
    await missing.text();
  });

  it('leaves the public, immutable image files their own caching', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    const up = await fetch(`${s.url}/prod-api/file/upload/img`, {
      method: 'POST',
      headers: { 'X-Token': s.adminToken },
      body: form,
    });
    expect(up.headers.get('cache-control')).toBe('no-store');
    const { data } = (await up.json()) as { data: { url: string } };
    const img = await fetch(`${s.url}${data.url}`);
    expect(img.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await img.arrayBuffer();
  });
});

describe('upload addresses never come from an arbitrary Host header', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startVodServer({ credentialTtlSeconds: 60 });
  });
  afterAll(() => s.close());
  const port = () => new URL(s.url).port;

  it('refuses a credential asked for through a Host that is not allowed, and mints none', async () => {
    const count = async () =>
      Number(
        (
          await vodDb(s.db)
            .selectFrom('vod_credential')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await count();
    const res = await withHost(s.url, 'GET', '/prod-api/video/upload/credential', 'evil.example', {
      'X-Token': s.adminToken,
    });
    expect(res.status).toBe(403);
    const body = JSON.parse(res.body) as { code: number; msg: string };
    expect(body.code).toBe(40300);
    expect(body.msg).toContain('LECTERN_VOD_ALLOWED_HOSTS');
    expect(res.body).not.toMatch(/"vodEndpoint"/);
    expect(await count()).toBe(before);
  });

  it('uses an allowed Host (loopback by default) as given', async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`]) {
      const res = await withHost(s.url, 'GET', '/prod-api/video/upload/credential', host, { 'X-Token': s.adminToken });
      expect(res.status, host).toBe(200);
      expect((JSON.parse(res.body) as { data: { vodEndpoint: string } }).data.vodEndpoint).toBe(`http://${host}/vod`);
    }
    // Tricks a URL parser would accept: user info, a second host, a path.
    for (const host of ['evil.example@127.0.0.1', '127.0.0.1.evil.example', 'localhost.', '127.0.0.1/x']) {
      const res = await withHost(s.url, 'GET', '/prod-api/video/upload/credential', host, { 'X-Token': s.adminToken });
      expect(res.status, host).not.toBe(200);
    }
  });

  it('refuses CreateUploadVideo through a forged Host: no UploadAddress points elsewhere', async () => {
    const cred = await credential(s);
    // Sign as the helper does, then send the same query with another Host.
    let query = '';
    await rpc(
      cred,
      'CreateUploadVideo',
      { Title: 'T', FileName: 't.mp4', FileSize: 4 },
      {
        tamper: (q) => {
          query = new URLSearchParams(q).toString();
          q.Signature = 'spent';
        },
      },
    );
    const res = await withHost(s.url, 'GET', `/vod?${query}`, 'evil.example');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ Code: 'Forbidden' });
    expect(res.body).not.toContain('UploadAddress');
  });
});

describe('configured origins and hosts', () => {
  it('LECTERN_VOD_PUBLIC_ORIGIN wins over any Host', async () => {
    const s = await startVodServer({ publicOrigin: 'https://lectern.example.com' });
    try {
      const res = await withHost(s.url, 'GET', '/prod-api/video/upload/credential', 'evil.example', {
        'X-Token': s.adminToken,
      });
      expect(res.status).toBe(200);
      const cred = (JSON.parse(res.body) as { data: { vodEndpoint: string } }).data;
      expect(cred.vodEndpoint).toBe('https://lectern.example.com/vod');
    } finally {
      await s.close();
    }
  });

  it('LECTERN_VOD_ALLOWED_HOSTS lets a named host (any port, or the one given) through, and nothing else', async () => {
    const s = await startVodServer({ allowedHosts: ['lectern.example.com', 'media.example.com:8443'] });
    try {
      const ask = (host: string) =>
        withHost(s.url, 'GET', '/prod-api/video/upload/credential', host, { 'X-Token': s.adminToken });
      const ok = await ask('lectern.example.com:9000');
      expect((JSON.parse(ok.body) as { data: { vodEndpoint: string } }).data.vodEndpoint).toBe(
        'http://lectern.example.com:9000/vod',
      );
      expect((await ask('media.example.com:8443')).status).toBe(200);
      expect((await ask('media.example.com:8444')).status).toBe(403);
      // The loopback defaults are replaced, not extended.
      expect((await ask(`127.0.0.1:${new URL(s.url).port}`)).status).toBe(403);
    } finally {
      await s.close();
    }
  });
});
