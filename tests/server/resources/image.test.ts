import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImageRecord, ImageUploadResult } from '../../../src/resources/image/schema';
import { auditActions, pageOf } from '../helpers/crud';
import { testServerForFile } from '../helpers/test-server';

const s = testServerForFile();

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);
const bytesOf = (head: string | number[], size = 64) => {
  const b = new Uint8Array(size);
  b.set(typeof head === 'string' ? [...head].map((c) => c.charCodeAt(0)) : head);
  return b;
};
const SAMPLES: [string, Uint8Array, string][] = [
  ['png', PNG, 'image/png'],
  ['jpeg', bytesOf([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
  ['gif', bytesOf('GIF89a'), 'image/gif'],
  [
    'webp',
    (() => {
      const b = bytesOf('RIFF');
      b.set(
        [...'WEBP'].map((c) => c.charCodeAt(0)),
        8,
      );
      return b;
    })(),
    'image/webp',
  ],
];

async function upload(bytes: Uint8Array, name: string, type = 'image/png', token: string | null = s.adminToken) {
  const form = new FormData();
  // A copy typed over a plain ArrayBuffer, as the DOM library's BlobPart wants.
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${s.url}/prod-api/file/upload/img`, {
    method: 'POST',
    body: form,
    headers: token ? { 'X-Token': token } : {},
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: ImageUploadResult } };
}

describe('image upload', () => {
  it.each(SAMPLES)(
    'accepts %s by its bytes, whatever the name says, and serves it back byte-identical',
    async (_n, bytes, mime) => {
      const up = await upload(bytes, 'notes.txt', 'text/plain');
      expect(up.status).toBe(201);
      expect(up.body.data.url).toMatch(/^\/prod-api\/files\/images\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/);
      // No X-Token: an <img> tag cannot send one.
      const res = await fetch(`${s.url}${up.body.data.url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(mime);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toContain('max-age=31536000');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    },
  );

  it('refuses a text file named .png with 415', async () => {
    const up = await upload(new TextEncoder().encode('hello, not an image'), 'photo.png', 'image/png');
    expect(up.status).toBe(415);
    expect(up.body.code).toBe(41500);
  });

  it('takes exactly 5 MiB and refuses 5 MiB + 1 with 413', async () => {
    const max = new Uint8Array(5 * 1024 * 1024);
    max.set(PNG);
    expect((await upload(max, 'big.png')).status).toBe(201);
    const over = new Uint8Array(5 * 1024 * 1024 + 1);
    over.set(PNG);
    const up = await upload(over, 'bigger.png');
    expect(up.status).toBe(413);
    expect(up.body.code).toBe(41300);
    // Far over: refused by the body limit before the multipart body is parsed.
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(PNG);
    const far = await upload(huge, 'huge.png');
    expect(far.status).toBe(413);
    expect(far.body.msg).toBe('Image is too large (limit 5 MiB)');
    expect((await pageOf(s, 'image', { keyword: 'huge' })).body.data.total).toBe(0);
  });

  it('keeps the 1 MiB limit for JSON bodies', async () => {
    const res = await s.call('POST', '/book/page', {
      token: s.adminToken,
      raw: JSON.stringify({ k: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
  });

  it('needs a token, the file field and a multipart body', async () => {
    expect((await upload(PNG, 'a.png', 'image/png', null)).status).toBe(401);
    const noFile = await fetch(`${s.url}/prod-api/file/upload/img`, {
      method: 'POST',
      body: new FormData(),
      headers: { 'X-Token': s.adminToken },
    });
    expect(noFile.status).toBe(400);
    const json = await s.call('POST', '/file/upload/img', { token: s.adminToken, body: {} });
    expect(json.status).toBe(415);
    expect((await upload(new Uint8Array(0), 'empty.png')).status).toBe(400);
  });

  it('does not serve unknown or malformed names', async () => {
    for (const name of [`${'0'.repeat(32)}.png`, '..%2Flectern.sqlite', 'x.png']) {
      expect((await fetch(`${s.url}/prod-api/files/images/${name}`)).status).toBe(404);
    }
  });

  it('pages with fileName, size, mime and uploader; deletes the record and the file, audited', async () => {
    const up = await upload(PNG, 'cover art.png');
    const page = await pageOf<ImageRecord>(s, 'image', { keyword: 'cover art' });
    const rec = page.body.data.items[0];
    expect(rec).toMatchObject({
      id: up.body.data.id,
      url: up.body.data.url,
      fileName: 'cover art.png',
      size: PNG.length,
      mime: 'image/png',
      uploadedBy: 'Administrator',
    });
    const file = join(s.dir, 'data', 'files', 'images', up.body.data.url.split('/').pop() ?? '');
    expect(existsSync(file)).toBe(true);
    const del = await s.call('DELETE', `/image/${up.body.data.id}`, { token: s.adminToken });
    expect(del.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await fetch(`${s.url}${up.body.data.url}`)).status).toBe(404);
    expect(await auditActions(s, 'image', up.body.data.id)).toEqual(['create', 'delete']);
    expect((await pageOf(s, 'image', { mime: 'image/gif' })).body.data.items.every((i) => i.mime === 'image/gif')).toBe(
      true,
    );
  });
});
