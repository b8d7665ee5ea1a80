import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStorageLimits } from '../../../src/server/vod/config';
import type { TestServer } from '../helpers/test-server';
import { type Credential, credential, newMedia, ossCode, rawOss, rpc, signedParams, startVodServer } from './helpers';

/**
 * The video service's input limits (docs/videos.md): what a call or a CompleteMultipartUpload
 * over them is answered, in the service's own error format, and that the largest legitimate
 * inputs (a checkpoint of 10,000 parts, a list of every part) still pass.
 */
let s: TestServer;
let cred: Credential;
beforeAll(async () => {
  s = await startVodServer({ limits: { ...defaultStorageLimits, maxParts: 10_000 } });
  cred = await credential(s);
});
afterAll(() => s.close());

/** The common parameters signedParams adds, Signature included. */
const COMMON = 10;
const progressOf = (c: Credential) => ({ UserId: c.userId, FileHash: 'hash1' });
const extra = (n: number, value = 'v') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`X${i}`, value]));

const postForm = async (body: string) => {
  const res = await fetch(cred.vodEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: res.status, body: (await res.json()) as { Code?: string; Message?: string } };
};

describe('RPC parameters', () => {
  it('takes 64 parameters and refuses 65, by GET and by POST, before anything else', async () => {
    const base = progressOf(cred);
    const fits = COMMON + Object.keys(base).length;
    for (const method of ['GET', 'POST'] as const) {
      const ok = await rpc(cred, 'GetUploadProgress', { ...base, ...extra(64 - fits) }, { method });
      expect(ok.status, method).toBe(200);
      const over = await rpc(cred, 'GetUploadProgress', { ...base, ...extra(65 - fits) }, { method });
      expect([over.status, over.body.Code], method).toEqual([400, 'InvalidParameter']);
      expect(over.body.Message).toBe('The request has more than 64 parameters; a call takes at most 64.');
    }
    // Query and form count together: 40 and 32 are each within the limit, not both.
    const q = signedParams('POST', 'GetUploadProgress', { ...base, ...extra(60) }, cred);
    const keys = Object.keys(q);
    const inQuery = new URLSearchParams(keys.slice(0, 40).map((k) => [k, q[k] ?? '']));
    const inForm = new URLSearchParams(keys.slice(40).map((k) => [k, q[k] ?? '']));
    const res = await fetch(`${cred.vodEndpoint}?${inQuery}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: inForm.toString(),
    });
    expect(((await res.json()) as { Code: string }).Code).toBe('InvalidParameter');
    // Counted before a credential is looked at: no key, still refused for the count.
    const unsigned = await postForm('a&'.repeat(100_000));
    expect([unsigned.status, unsigned.body.Code]).toEqual([400, 'InvalidParameter']);
    expect(unsigned.body.Message).toContain('more than 64 parameters');
  });

  it('refuses a name over 64 characters and a value over 4,096 (UploadPoint excepted)', async () => {
    const longName = await rpc(cred, 'GetUploadProgress', { ...progressOf(cred), [`N${'n'.repeat(64)}`]: '1' });
    expect([longName.status, longName.body.Code]).toEqual([400, 'InvalidParameter']);
    expect(longName.body.Message).toContain('parameter names are at most 64 characters');
    const atMost = await rpc(cred, 'GetUploadProgress', { ...progressOf(cred), Note: 'v'.repeat(4096) });
    expect(atMost.status).toBe(200);
    const longValue = await rpc(
      cred,
      'GetUploadProgress',
      { ...progressOf(cred), Note: 'v'.repeat(4097) },
      {
        method: 'POST',
      },
    );
    expect([longValue.status, longValue.body.Code]).toEqual([400, 'InvalidParameter']);
    expect(longValue.body.Message).toBe('The specified parameter "Note" is not valid: at most 4096 characters.');
  });

  it('refuses malformed percent-encoding, naming the parameter', async () => {
    const bad = await postForm('Action=GetUploadProgress&Title=%ED%A0%80&Other=%zz');
    expect([bad.status, bad.body.Code]).toEqual([400, 'InvalidParameter']);
    expect(bad.body.Message).toBe('The specified parameter "Title" is not valid: not valid UTF-8 percent-encoding.');
    const badName = await postForm('%E4%B8=1');
    expect(badName.body.Message).toContain('"%E4%B8" is not valid: the parameter name is not valid UTF-8');
  });

  it('keeps a parameter named like an object member as a plain parameter', async () => {
    const res = await rpc(cred, 'GetUploadProgress', {
      ...progressOf(cred),
      constructor: 'y',
      toString: 'z',
      hasOwnProperty: 'w',
    });
    expect(res.status).toBe(200);
  });
});

describe('UploadPoint', () => {
  const report = (point: string) =>
    rpc(
      cred,
      'ReportUploadProgress',
      { ...progressOf(cred), FileName: 'clip.mp4', FileSize: 5_000_000_000, UploadPoint: point },
      { method: 'POST' },
    );

  it('stores a checkpoint of 10,000 parts and gives it back', async () => {
    const doneParts = Array.from({ length: 10_000 }, (_, i) => ({
      number: i + 1,
      etag: `"${(i + 1).toString(16).toUpperCase().padStart(32, '0')}"`,
    }));
    const point = JSON.stringify({
      fileName: 'clip.mp4',
      fileHash: 'hash1',
      fileSize: 5_000_000_000,
      videoId: null,
      bucket: 'lectern-media',
      object: 'video/x.mp4',
      loaded: 5_000_000_000,
      checkpoint: { name: 'video/x.mp4', fileSize: 5_000_000_000, partSize: 500_000, uploadId: 'U', doneParts },
    });
    expect(point.length).toBeGreaterThan(500_000);
    expect((await report(point)).status).toBe(200);
    const back = await rpc<{ UploadPoint: string }>(cred, 'GetUploadProgress', progressOf(cred));
    expect(back.body.UploadPoint).toBe(point);
  });

  it('refuses one nested past 64 levels or with an object of more than 1,000 fields', async () => {
    const deep = await report(`${'['.repeat(65)}${']'.repeat(65)}`);
    expect([deep.status, deep.body.Code]).toEqual([400, 'InvalidParameter']);
    expect(deep.body.Message).toBe('The specified parameter "UploadPoint" is not valid: nests deeper than 64 levels.');
    expect((await report(`${'['.repeat(64)}${']'.repeat(64)}`)).status).toBe(200);
    const wide = await report(`{${Array.from({ length: 1001 }, (_, i) => `"k${i}":0`).join(',')}}`);
    expect(wide.body.Message).toContain('has an object of more than 1000 fields');
  });
});

describe('CompleteMultipartUpload body', () => {
  const xml = (inner: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>\n${inner}</CompleteMultipartUpload>`;
  const part = (n: number | string, etag: string) =>
    `<Part>\n<PartNumber>${n}</PartNumber>\n<ETag>${etag}</ETag>\n</Part>\n`;

  /** A new upload of a new video with part 1 stored; `complete` sends a body by hand. */
  async function upload() {
    const m = await newMedia(cred);
    const { uploadId } = await m.client.initMultipartUpload(m.address.FileName);
    const p1 = await m.client.uploadPart(m.address.FileName, uploadId, 1, Buffer.from('only part'), 0, 9);
    const complete = (body: string) =>
      rawOss(m.address, m.auth, {
        method: 'POST',
        query: { uploadId },
        headers: { 'content-type': 'application/xml' },
        body: [Buffer.from(body)],
      });
    return { m, uploadId, etag: p1.etag, complete };
  }

  it('refuses more parts than an upload may have, and part numbers outside 1…10,000 (InvalidArgument)', async () => {
    const u = await upload();
    const many = await u.complete(xml(Array.from({ length: 10_001 }, (_, i) => part(i + 1, u.etag)).join('')));
    expect([many.status, ossCode(many.body)]).toEqual([400, 'InvalidArgument']);
    expect(many.body).toContain('at most 10000 parts');
    for (const n of [0, 10_001]) {
      const out = await u.complete(xml(part(n, u.etag)));
      expect([out.status, ossCode(out.body)], String(n)).toEqual([400, 'InvalidArgument']);
      expect(out.body).toContain('between 1 and 10000');
    }
    // Nothing was spent: the upload is still open and completes.
    const done = await u.complete(xml(part(1, u.etag)));
    expect(done.status).toBe(200);
  });

  it('refuses an ETag longer than 128 characters (InvalidPart) and a part number that is not one (MalformedXML)', async () => {
    const u = await upload();
    const long = await u.complete(xml(part(1, `"${'A'.repeat(127)}"`)));
    expect([long.status, ossCode(long.body)]).toEqual([400, 'InvalidPart']);
    expect(long.body).toContain('longer than 128 characters');
    for (const n of ['1e3', '-1', '12345678901', '']) {
      const out = await u.complete(xml(part(n, u.etag)));
      expect([out.status, ossCode(out.body)], n).toEqual([400, 'MalformedXML']);
    }
    // Escaped quotes and spaces around the number are what some clients send.
    const escaped = await u.complete(xml(part(' 1 ', u.etag.replaceAll('"', '&quot;'))));
    expect(escaped.status).toBe(200);
  });

  it('refuses unclosed elements and a missing root (MalformedXML); a duplicate part is out of order', async () => {
    const u = await upload();
    for (const body of [
      xml(`${part(1, u.etag)}<Part><PartNumber>2</PartNumber>`),
      xml(`<Part><PartNumber>1</PartNumber><ETag>${u.etag}</Part>`),
      xml(`<Part><PartNumber>1<ETag>${u.etag}</ETag></Part>`),
      part(1, u.etag),
      `</CompleteMultipartUpload>${part(1, u.etag)}<CompleteMultipartUpload>`,
      xml(''),
    ]) {
      const out = await u.complete(body);
      expect([out.status, ossCode(out.body)], body).toEqual([400, 'MalformedXML']);
    }
    const twice = await u.complete(xml(part(1, u.etag) + part(1, u.etag)));
    expect([twice.status, ossCode(twice.body)]).toEqual([400, 'InvalidPartOrder']);
  });
});
