import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import OSS from 'ali-oss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../../src/resources/video/schema';
import { pageOf } from '../helpers/crud';
import type { TestServer } from '../helpers/test-server';
import {
  type Credential,
  credential,
  decode,
  ossError,
  ossOptions,
  rpc,
  startVodServer,
  type Ticket,
  UPLOADED,
  type UploadAuth,
  uploadTarget,
} from './helpers';

const MiB = 1024 * 1024;
let s: TestServer;
let cred: Credential;
let bigFile: string;
let bigData: Buffer;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

beforeAll(async () => {
  s = await startVodServer({ credentialTtlSeconds: 60 });
  cred = await credential(s);
  bigData = randomBytes(12 * MiB + 12_345);
  bigFile = join(s.dir, 'big.mp4');
  await writeFile(bigFile, bigData);
});
afterAll(() => s.close());

async function newVideo(fileSize = bigData.length) {
  const t = await rpc<Ticket>(cred, 'CreateUploadVideo', { Title: 'Big', FileName: 'big.mp4', FileSize: fileSize });
  expect(t.status).toBe(200);
  return { videoId: t.body.VideoId, ...uploadTarget(t.body) };
}

const videoStatus = async (videoId: string) =>
  (await pageOf<Video>(s, 'video', { keyword: videoId })).body.data.items[0]?.status;

interface Listed {
  parts: { PartNumber: string; ETag: string; Size: string } | { PartNumber: string; ETag: string; Size: string }[];
  isTruncated: string;
  nextPartNumberMarker: string;
}
/** ListParts as ali-oss really answers (strings from the XML); its typings disagree. */
const listParts = (client: OSS, name: string, uploadId: string, query: Record<string, string | number> = {}) =>
  client.listParts(name, uploadId, query as unknown as OSS.ListPartsQuery) as unknown as Promise<Listed>;

describe('OSS multipart with the real ali-oss client', () => {
  it('uploads 12 MiB in 1 MiB parts, 5 in parallel; the object reads back identical; the video turns UploadSucc and is queued', async () => {
    const v = await newVideo();
    expect(await videoStatus(v.videoId)).toBe('Uploading');
    const progress: number[] = [];
    const result = await v.client.multipartUpload(v.address.FileName, bigFile, {
      partSize: MiB,
      parallel: 5,
      progress: (p: number) => {
        progress.push(p);
      },
    });
    expect(result.res.status).toBe(200);
    expect(progress.at(-1)).toBe(1);
    const res = await fetch(`${v.address.Endpoint}/${v.address.Bucket}/${v.address.FileName}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('etag')).toMatch(/^"[0-9A-F]{32}-13"$/);
    expect(md5(Buffer.from(await res.arrayBuffer()))).toBe(md5(bigData));
    expect(UPLOADED).toContain(await videoStatus(v.videoId));
    const page = await pageOf<Video>(s, 'video', { keyword: v.videoId });
    expect(page.body.data.items[0]?.fileSize).toBe(bigData.length);
  });

  it('lists parts after a partial upload; resuming from the checkpoint sends only the missing parts', async () => {
    const v = await newVideo();
    const name = v.address.FileName;
    const init = await v.client.initMultipartUpload(name);
    const doneParts: { number: number; etag: string }[] = [];
    for (const n of [1, 2, 3, 4]) {
      const part = await v.client.uploadPart(name, init.uploadId, n, bigFile, (n - 1) * MiB, n * MiB);
      doneParts.push({ number: n, etag: part.etag });
    }
    const listed = await listParts(v.client, name, init.uploadId, { 'max-parts': 3 });
    expect([listed.parts].flat().map((p) => p.PartNumber)).toEqual(['1', '2', '3']);
    expect(listed.isTruncated).toBe('true');
    const rest = await listParts(v.client, name, init.uploadId, { 'part-number-marker': listed.nextPartNumberMarker });
    // ali-oss's XML parser turns a single <Part> into an object, as it does against the cloud.
    expect([rest.parts].flat()).toMatchObject([{ PartNumber: '4', ETag: doneParts[3]?.etag, Size: String(MiB) }]);

    const client = v.client as unknown as { _uploadPart: (...a: unknown[]) => Promise<unknown> };
    const original = client._uploadPart.bind(client);
    const sent: number[] = [];
    client._uploadPart = (...a: unknown[]) => {
      sent.push(a[2] as number);
      return original(...a);
    };
    const checkpoint = {
      file: bigFile,
      name,
      fileSize: bigData.length,
      partSize: MiB,
      uploadId: init.uploadId,
      doneParts,
    };
    await v.client.multipartUpload(name, bigFile, {
      checkpoint,
      partSize: MiB,
      parallel: 5,
    } as OSS.MultipartUploadOptions);
    expect(sent.sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const res = await fetch(`${v.address.Endpoint}/${v.address.Bucket}/${name}`);
    expect(md5(Buffer.from(await res.arrayBuffer()))).toBe(md5(bigData));
    expect(UPLOADED).toContain(await videoStatus(v.videoId));
  });

  it('checks Content-MD5: a matching one is accepted, a wrong one refused with InvalidDigest', async () => {
    const v = await newVideo();
    const name = v.address.FileName;
    const { uploadId } = await v.client.initMultipartUpload(name);
    const part = bigData.subarray(0, MiB);
    const right = createHash('md5').update(part).digest('base64');
    const ok = await v.client.uploadPart(name, uploadId, 1, bigFile, 0, MiB, {
      headers: { 'Content-MD5': right },
    } as never);
    expect(ok.etag).toBe(`"${md5(part).toUpperCase()}"`);
    const wrong = createHash('md5').update('other').digest('base64');
    const err = await ossError(
      v.client.uploadPart(name, uploadId, 2, bigFile, MiB, 2 * MiB, { headers: { 'Content-MD5': wrong } } as never),
    );
    expect(err).toMatchObject({ status: 400, code: 'InvalidDigest' });
    const parts = await listParts(v.client, name, uploadId, {});
    expect([parts.parts].flat()).toMatchObject([{ PartNumber: '1' }]);
  });

  it('after abort, ListParts, UploadPart and Complete answer NoSuchUpload', async () => {
    const v = await newVideo();
    const name = v.address.FileName;
    const { uploadId } = await v.client.initMultipartUpload(name);
    const p1 = await v.client.uploadPart(name, uploadId, 1, bigFile, 0, MiB);
    await v.client.abortMultipartUpload(name, uploadId);
    expect(await ossError(listParts(v.client, name, uploadId, {}))).toMatchObject({
      status: 404,
      code: 'NoSuchUpload',
    });
    expect(await ossError(v.client.uploadPart(name, uploadId, 2, bigFile, MiB, 2 * MiB))).toMatchObject({
      status: 404,
      code: 'NoSuchUpload',
    });
    expect(
      await ossError(v.client.completeMultipartUpload(name, uploadId, [{ number: 1, etag: p1.etag }])),
    ).toMatchObject({ code: 'NoSuchUpload' });
    expect(await videoStatus(v.videoId)).toBe('Uploading');
  });

  it('refuses to complete with a wrong ETag (InvalidPart) or a small middle part (EntityTooSmall)', async () => {
    const v = await newVideo();
    const name = v.address.FileName;
    const { uploadId } = await v.client.initMultipartUpload(name);
    const p1 = await v.client.uploadPart(name, uploadId, 1, bigFile, 0, 1000);
    const p2 = await v.client.uploadPart(name, uploadId, 2, bigFile, 1000, 2000);
    const bad = await ossError(v.client.completeMultipartUpload(name, uploadId, [{ number: 1, etag: '"00"' }]));
    expect(bad).toMatchObject({ status: 400, code: 'InvalidPart' });
    const small = await ossError(
      v.client.completeMultipartUpload(
        name,
        uploadId,
        [p1, p2].map((p, i) => ({ number: i + 1, etag: p.etag })),
      ),
    );
    expect(small).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    // Still open after a refused complete.
    expect((await listParts(v.client, name, uploadId, {})).parts).toHaveLength(2);
  });
});

describe('OSS authentication', () => {
  it('refuses a wrong secret (SignatureDoesNotMatch), an unknown key, and another object', async () => {
    const v = await newVideo();
    const name = v.address.FileName;
    const wrong = new OSS({ ...ossOptions(v.address, v.auth), accessKeySecret: 'wrong' } as OSS.Options);
    expect(await ossError(wrong.initMultipartUpload(name))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const unknown = new OSS({ ...ossOptions(v.address, v.auth), accessKeyId: 'STS.unknown' } as OSS.Options);
    expect(await ossError(unknown.initMultipartUpload(name))).toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    });
    expect(await ossError(v.client.put('video/other.mp4', Buffer.from('x')))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
    // The client normalises `..` away; a percent-encoded one reaches the server and is refused.
    const traversal = await fetch(`${s.url}/lectern-media/video%2F%2E%2E%2F%2E%2E%2Fescape`, {
      method: 'PUT',
      body: 'x',
    });
    expect([traversal.status, await traversal.text()]).toEqual([400, expect.stringContaining('InvalidObjectName')]);
  });

  it('refuses an anonymous write and an RPC credential', async () => {
    const v = await newVideo();
    const anon = await fetch(`${s.url}/lectern-media/${v.address.FileName}`, { method: 'PUT', body: 'x' });
    expect(anon.status).toBe(403);
    const text = await anon.text();
    expect(text).toMatch(/<Error>[\s\S]*<Code>AccessDenied<\/Code>[\s\S]*<RequestId>[\s\S]*<HostId>/);
    expect(anon.headers.get('x-oss-request-id')).toBeTruthy();
    const rpcCred = new OSS(
      ossOptions(v.address, {
        ...v.auth,
        AccessKeyId: cred.accessKeyId,
        AccessKeySecret: cred.accessKeySecret,
        SecurityToken: cred.securityToken,
      }),
    );
    expect(await ossError(rpcCred.put(v.address.FileName, Buffer.from('x')))).toMatchObject({ code: 'AccessDenied' });
  });
});

describe('objects', () => {
  it('PUT of an image, public GET with Range, HEAD, 404 for a missing key, CORS preflight', async () => {
    const t = await rpc<Ticket & { ImageURL: string }>(cred, 'CreateUploadImage', {
      ImageType: 'cover',
      ImageExt: 'png',
    });
    const { address, client } = uploadTarget(t.body);
    const bytes = randomBytes(5000);
    const put = await client.put(address.FileName, bytes);
    expect(put.res.status).toBe(200);

    const whole = await fetch(t.body.ImageURL);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(t.body.ImageURL, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await fetch(t.body.ImageURL, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(4990))).toBe(true);
    const beyond = await fetch(t.body.ImageURL, { headers: { Range: 'bytes=6000-' } });
    expect(beyond.status).toBe(416);
    await beyond.text();

    const head = await client.head(address.FileName);
    expect((head.res.headers as Record<string, string>)['content-length']).toBe('5000');
    const headRaw = await fetch(t.body.ImageURL, { method: 'HEAD' });
    expect([headRaw.status, headRaw.headers.get('etag')]).toEqual([200, `"${md5(bytes).toUpperCase()}"`]);

    const missing = await fetch(`${s.url}/lectern-media/image/nothing.png`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<Code>NoSuchKey</Code>');

    const pre = await fetch(`${s.url}/lectern-media/${address.FileName}?uploads`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,x-oss-date,x-oss-security-token,content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-oss-security-token');
    expect(pre.headers.get('access-control-allow-methods')).toContain('PUT');
    const cors = await fetch(t.body.ImageURL, { headers: { Origin: 'http://localhost:5173' } });
    expect(cors.headers.get('access-control-expose-headers')).toContain('ETag');
    await cors.arrayBuffer();
  });

  it('serves anything but video, audio and raster images as an attachment', async () => {
    const v = await newVideo(10);
    await v.client.put(v.address.FileName, Buffer.from('<script>alert(1)</script>'), { mime: 'text/html' });
    const res = await fetch(`${s.url}/lectern-media/${v.address.FileName}`);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    await res.text();
    expect(UPLOADED).toContain(await videoStatus(v.videoId));
  });
});

describe('expiry', () => {
  it('refuses an expired UploadAuth with SecurityTokenExpired; RefreshUploadVideo gives a working one', async () => {
    const v = await newVideo();
    const name = v.address.FileName;
    const { uploadId } = await v.client.initMultipartUpload(name);
    s.advance(61_000);
    expect(await ossError(v.client.uploadPart(name, uploadId, 1, bigFile, 0, MiB))).toMatchObject({
      status: 403,
      code: 'SecurityTokenExpired',
    });
    const fresh = await credential(s);
    const again = await rpc<Ticket>(fresh, 'RefreshUploadVideo', { VideoId: v.videoId });
    const client = new OSS(ossOptions(v.address, decode<UploadAuth>(again.body.UploadAuth)));
    const part = await client.uploadPart(name, uploadId, 1, bigFile, 0, MiB);
    expect(part.etag).toBeTruthy();
  });
});
