import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../../src/resources/video/schema';
import { createVodClient } from '../../../src/upload/vod-client';
import { pageOf } from '../helpers/crud';
import { createStaff, type TestServer } from '../helpers/test-server';
import {
  type Credential,
  credential,
  decode,
  rpc,
  sign,
  signedParams,
  startVodServer,
  type Ticket,
  type UploadAddress,
  type UploadAuth,
} from './helpers';

let s: TestServer;
let cred: Credential;
beforeAll(async () => {
  s = await startVodServer({ credentialTtlSeconds: 60 });
  cred = await credential(s);
});
afterAll(() => s.close());

const video = { Title: 'Lecture 1', FileName: 'Lecture One.MP4', FileSize: 12_345, Tags: 'a,b', CateId: 3 };

describe('GET /video/upload/credential', () => {
  it('mints a short-lived credential for the signed-in staff member, pointing at this server', async () => {
    expect(cred).toMatchObject({ region: 'cn-shanghai', vodEndpoint: `${s.url}/vod`, userId: '1' });
    expect(cred.accessKeyId).toMatch(/^STS\./);
    expect(cred.accessKeySecret.length).toBeGreaterThanOrEqual(32);
    const ttl = Date.parse(cred.expiration) - Date.now();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const row = await s.db
      .withTables<{ vod_credential: { access_key_id: string; security_token_hash: string } }>()
      .selectFrom('vod_credential')
      .select('security_token_hash')
      .where('access_key_id', '=', cred.accessKeyId)
      .executeTakeFirstOrThrow();
    expect(row.security_token_hash).not.toContain(cred.securityToken);
  });

  it('needs a signed-in user', async () => {
    const res = await s.call('GET', '/video/upload/credential');
    expect(res.status).toBe(401);
  });
});

describe('VOD RPC signature', () => {
  it('accepts a correctly signed GET and POST', async () => {
    const get = await rpc<Ticket>(cred, 'CreateUploadVideo', video);
    expect(get.status).toBe(200);
    const post = await rpc<Ticket>(cred, 'CreateUploadVideo', video, { method: 'POST' });
    expect(post.status).toBe(200);
    expect(post.body.VideoId).not.toBe(get.body.VideoId);
  });

  it.each([
    ['a tampered parameter', { tamper: (q: Record<string, string>) => (q.Title = 'Other') }],
    ['a wrong secret', { secret: 'not-the-secret' }],
    ['a method other than the signed one', { tamper: (q: Record<string, string>) => (q.Signature = sign2(q)) }],
  ])('refuses %s with SignatureDoesNotMatch', async (_what, opts) => {
    const res = await rpc(cred, 'CreateUploadVideo', video, opts);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ Code: 'SignatureDoesNotMatch', RequestId: expect.any(String) });
  });

  it('refuses an unknown key, a token of another key, a replayed nonce, a stale timestamp', async () => {
    const unknown = await rpc({ ...cred, accessKeyId: 'STS.nope' }, 'GetUploadProgress', {});
    expect([unknown.status, unknown.body.Code]).toEqual([404, 'InvalidAccessKeyId.NotFound']);
    const other = await credential(s);
    const mismatch = await rpc({ ...cred, securityToken: other.securityToken }, 'GetUploadProgress', {});
    expect([mismatch.status, mismatch.body.Code]).toEqual([400, 'InvalidSecurityToken.Mismatch']);

    const q = signedParams('GET', 'GetUploadProgress', { UserId: cred.userId, FileHash: 'abc' }, cred);
    const once = await fetch(`${cred.vodEndpoint}?${new URLSearchParams(q)}`);
    expect(once.status).toBe(200);
    const again = await fetch(`${cred.vodEndpoint}?${new URLSearchParams(q)}`);
    expect([again.status, ((await again.json()) as { Code: string }).Code]).toEqual([400, 'SignatureNonceUsed']);

    const old = signedParams('GET', 'GetUploadProgress', {}, cred, new Date(Date.now() - 20 * 60_000));
    const stale = await fetch(`${cred.vodEndpoint}?${new URLSearchParams(old)}`);
    expect(((await stale.json()) as { Code: string }).Code).toBe('InvalidTimeStamp.Expired');
  });

  it('checks the fixed parameters and the action', async () => {
    const noVersion = await rpc(cred, 'CreateUploadVideo', { ...video, Version: '2014-05-26' });
    expect(noVersion.body).toMatchObject({ Code: 'InvalidParameter' });
    expect(noVersion.body.Message).toContain('Version');
    const missing = await rpc(cred, 'CreateUploadVideo', {}, { tamper: (q) => delete q.SignatureNonce });
    expect([missing.status, missing.body.Code]).toEqual([400, 'MissingParameter']);
    const action = await rpc(cred, 'DeleteEverything', {});
    expect([action.status, action.body.Code]).toEqual([404, 'InvalidAction.NotFound']);
    const proto = await rpc(cred, 'toString', {});
    expect(proto.body.Code).toBe('InvalidAction.NotFound');
  });

  it('refuses an UploadAuth (an OSS credential) for RPC calls', async () => {
    const t = await rpc<Ticket>(cred, 'CreateUploadVideo', video);
    const auth = decode<UploadAuth>(t.body.UploadAuth);
    const res = await rpc(
      {
        ...cred,
        accessKeyId: auth.AccessKeyId,
        accessKeySecret: auth.AccessKeySecret,
        securityToken: auth.SecurityToken,
      },
      'GetUploadProgress',
      { UserId: cred.userId, FileHash: 'x' },
    );
    expect([res.status, res.body.Code]).toEqual([403, 'Forbidden']);
  });

  it('refuses a disabled staff member at once', async () => {
    const staff = await createStaff(s, { userName: 'op1', phone: '13800000001', roles: ['operator'] });
    const login = await s.login('op1', 'Operator-pass-1');
    const opCred = await credential(s, login.body.data.token);
    expect(opCred.userId).toBe(String(staff.id));
    await s.db.updateTable('staff').set({ status: 'disabled' }).where('id', '=', staff.id).execute();
    const res = await rpc(opCred, 'GetUploadProgress', { UserId: opCred.userId, FileHash: 'x' });
    expect([res.status, res.body.Code]).toEqual([403, 'Forbidden']);
  });
});

/** The same query signed as POST, sent as GET. */
function sign2(q: Record<string, string>): string {
  const { Signature: _, ...rest } = q;
  return sign('POST', rest, cred.accessKeySecret);
}

describe('CreateUploadVideo', () => {
  it('creates an uploading video record and returns its upload address and auth', async () => {
    const res = await rpc<Ticket>(cred, 'CreateUploadVideo', { ...video, Description: 'd', UserData: '{"x":1}' });
    expect(res.status).toBe(200);
    expect(res.body.VideoId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.RequestId).toBeTruthy();
    const address = decode<UploadAddress>(res.body.UploadAddress);
    expect(address).toEqual({ Endpoint: s.url, Bucket: 'lectern-media', FileName: `video/${res.body.VideoId}.mp4` });
    const auth = decode<UploadAuth>(res.body.UploadAuth);
    expect(auth).toMatchObject({ Region: 'cn-shanghai', AccessKeyId: expect.stringMatching(/^STS\./) });
    expect(auth.AccessKeyId).not.toBe(cred.accessKeyId);
    expect(Date.parse(auth.Expiration)).toBeGreaterThan(Date.now());
    const page = await pageOf<Video>(s, 'video', { keyword: res.body.VideoId });
    expect(page.body.data.items[0]).toMatchObject({
      title: 'Lecture 1',
      description: 'd',
      fileName: 'Lecture One.MP4',
      fileSize: 12_345,
      tags: 'a,b',
      cateId: 3,
      status: 'Uploading',
    });
  });

  it.each([
    [{ ...video, Title: undefined }, 'MissingParameter', 'Title'],
    [{ ...video, FileSize: 'big' }, 'InvalidParameter', 'FileSize'],
    [{ ...video, Title: 'x'.repeat(129) }, 'InvalidParameter', 'Title'],
    [{ ...video, CoverURL: 'javascript:alert(1)' }, 'InvalidParameter', 'CoverURL'],
    [{ ...video, Tags: Array.from({ length: 17 }, (_, i) => `t${i}`).join(',') }, 'InvalidParameter', 'Tags'],
  ])('refuses %o', async (params, code, name) => {
    const res = await rpc(cred, 'CreateUploadVideo', params);
    expect([res.status, res.body.Code]).toEqual([400, code]);
    expect(res.body.Message).toContain(name);
  });
});

describe('RefreshUploadVideo', () => {
  it('gives the same address and a fresh UploadAuth', async () => {
    const first = await rpc<Ticket>(cred, 'CreateUploadVideo', video);
    const again = await rpc<Ticket>(cred, 'RefreshUploadVideo', { VideoId: first.body.VideoId });
    expect(again.status).toBe(200);
    expect(again.body.VideoId).toBe(first.body.VideoId);
    expect(decode(again.body.UploadAddress)).toEqual(decode(first.body.UploadAddress));
    expect(decode<UploadAuth>(again.body.UploadAuth).AccessKeyId).not.toBe(
      decode<UploadAuth>(first.body.UploadAuth).AccessKeyId,
    );
  });

  it('refuses an unknown video', async () => {
    const res = await rpc(cred, 'RefreshUploadVideo', { VideoId: 'f'.repeat(32) });
    expect([res.status, res.body.Code]).toEqual([404, 'InvalidVideo.NotFound']);
    const none = await rpc(cred, 'RefreshUploadVideo', {});
    expect(none.body.Code).toBe('MissingParameter');
  });
});

describe('CreateUploadImage', () => {
  it('returns ImageId, ImageURL under the bucket, address and auth', async () => {
    const res = await rpc<Ticket & { ImageId: string; ImageURL: string }>(cred, 'CreateUploadImage', {
      ImageType: 'cover',
      ImageExt: 'JPG',
      Title: 'Cover',
    });
    expect(res.status).toBe(200);
    expect(res.body.ImageId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.ImageURL).toBe(`${s.url}/lectern-media/image/${res.body.ImageId}.jpg`);
    expect(decode<UploadAddress>(res.body.UploadAddress).FileName).toBe(`image/${res.body.ImageId}.jpg`);
    expect(decode<UploadAuth>(res.body.UploadAuth).SecurityToken).toBeTruthy();
  });

  it.each([
    [{ ImageType: 'poster', ImageExt: 'png' }, 'ImageType'],
    [{ ImageType: 'cover', ImageExt: 'svg' }, 'ImageExt'],
  ])('refuses %o', async (params, name) => {
    const res = await rpc(cred, 'CreateUploadImage', params);
    expect([res.status, res.body.Code]).toEqual([400, 'InvalidParameter']);
    expect(res.body.Message).toContain(name);
  });
});

describe('Report/GetUploadProgress', () => {
  it('stores the checkpoint per user and file hash and gives it back', async () => {
    const t = await rpc<Ticket>(cred, 'CreateUploadVideo', video);
    const point = JSON.stringify({ checkpoint: { uploadId: 'U', doneParts: [{ number: 1, etag: '"E"' }] }, loaded: 9 });
    const report = {
      UserId: cred.userId,
      FileHash: 'abc123',
      FileName: 'a.mp4',
      FileSize: 100,
      UploadPoint: point,
      VideoId: t.body.VideoId,
    };
    const res = await rpc(cred, 'ReportUploadProgress', report, { method: 'POST' });
    expect(res.status).toBe(200);
    const got = await rpc(cred, 'GetUploadProgress', { UserId: cred.userId, FileHash: 'abc123' });
    expect(got.body).toMatchObject({ UploadPoint: point, VideoId: t.body.VideoId });
    const again = await rpc(
      cred,
      'ReportUploadProgress',
      { ...report, UploadPoint: '{"loaded":10}' },
      { method: 'POST' },
    );
    expect(again.status).toBe(200);
    expect((await rpc(cred, 'GetUploadProgress', { UserId: cred.userId, FileHash: 'abc123' })).body.UploadPoint).toBe(
      '{"loaded":10}',
    );
  });

  it('ignores a report that arrives after the video completed (no finished video offered for resuming)', async () => {
    const t = await rpc<Ticket>(cred, 'CreateUploadVideo', video);
    await s.db.updateTable('video').set({ status: 'UploadSucc' }).where('video_id', '=', t.body.VideoId).execute();
    const report = {
      UserId: cred.userId,
      FileHash: 'late-report',
      FileName: 'a.mp4',
      FileSize: 100,
      UploadPoint: '{"loaded":100}',
      VideoId: t.body.VideoId,
    };
    expect((await rpc(cred, 'ReportUploadProgress', report, { method: 'POST' })).status).toBe(200);
    const got = await rpc(cred, 'GetUploadProgress', { UserId: cred.userId, FileHash: 'late-report' });
    expect(got.body).toMatchObject({ UploadPoint: '', VideoId: '' });
  });

  it('answers empty for an unknown file', async () => {
    const got = await rpc(cred, 'GetUploadProgress', { UserId: cred.userId, FileHash: 'unknown' });
    expect(got.body).toMatchObject({ UploadPoint: '', VideoId: '' });
  });

  it("refuses another user's id (InvalidParameter naming UserId) and a non-JSON point", async () => {
    const other = await rpc(cred, 'GetUploadProgress', { UserId: '999', FileHash: 'abc123' });
    expect([other.status, other.body.Code]).toEqual([400, 'InvalidParameter']);
    expect(other.body.Message).toContain('UserId');
    const bad = await rpc(
      cred,
      'ReportUploadProgress',
      { UserId: cred.userId, FileHash: 'h', FileName: 'a', FileSize: 1, UploadPoint: 'not json' },
      { method: 'POST' },
    );
    expect(bad.body.Code).toBe('InvalidParameter');
  });
});

describe('expiry', () => {
  it('refuses an expired credential with InvalidSecurityToken.Expired', async () => {
    const fresh = await credential(s);
    expect((await rpc(fresh, 'GetUploadProgress', { UserId: fresh.userId, FileHash: 'x' })).status).toBe(200);
    s.advance(61_000);
    const res = await rpc(fresh, 'GetUploadProgress', { UserId: fresh.userId, FileHash: 'x' });
    expect([res.status, res.body.Code]).toEqual([400, 'InvalidSecurityToken.Expired']);
    const renewed = await credential(s);
    expect((await rpc(renewed, 'GetUploadProgress', { UserId: renewed.userId, FileHash: 'x' })).status).toBe(200);
  });
});

describe("the upload worker's client against the server", () => {
  // Worker and server share src/contract/vod-signature.ts; this pins that the worker's request
  // (its own parameter set, encoding and HTTP shape) is what the server verifies, GET and POST.
  it('is accepted for GET and POST, with characters that need percent-encoding', async () => {
    const client = createVodClient(await credential(s));
    const ticket = await client.createUploadVideo({ ...video, Title: "影片 *~!'()+&=" });
    expect(ticket.VideoId).toEqual(expect.any(String));
    await client.reportUploadProgress({ FileHash: 'h1', FileName: 'a b (1).mp4', FileSize: 1, UploadPoint: '{}' });
    expect(await client.getUploadProgress('h1')).toMatchObject({ UploadPoint: '{}' });
  });

  it('is refused when its secret is not the minted one', async () => {
    const client = createVodClient({ ...(await credential(s)), accessKeySecret: 'not-the-secret' });
    await expect(client.getUploadProgress('x')).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
  });
});
