import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/http/errors';
import { readForm } from '../../../src/server/http/forms';
import { testServerForFile } from '../helpers/test-server';

/**
 * The limits a form body meets before it is parsed (docs/http-edge.md): at most 20 parts, part
 * headers of at most 8 KiB, a boundary of 1 to 70 characters, at most 20 urlencoded fields.
 */
const s = testServerForFile();

const PNG = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR';
const part = (b: string, name: string, value: string, extra = '') =>
  `--${b}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
const image = (b: string, header = '') =>
  `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png${header}\r\n\r\n${PNG}\r\n`;

async function upload(contentType: string, body: string, path = '/prod-api/file/upload/img') {
  const res = await fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { 'X-Token': s.adminToken, 'Content-Type': contentType },
    body: Buffer.from(body, 'latin1'),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data: { errors?: unknown[] } | null } };
}

describe('multipart limits', () => {
  const B = 'lectern-boundary';
  const type = `multipart/form-data; boundary=${B}`;
  const fields = (n: number) => Array.from({ length: n }, (_, i) => part(B, `f${i}`, 'x')).join('');

  it('takes 20 parts and refuses 21, naming the body', async () => {
    expect((await upload(type, `${image(B)}${fields(19)}--${B}--\r\n`)).status).toBe(201);
    const over = await upload(type, `${image(B)}${fields(20)}--${B}--\r\n`);
    expect(over.status).toBe(400);
    expect(over.body.data?.errors).toEqual([
      { path: 'body', message: 'has more than 20 parts', code: 'max_items', params: { max: 20 } },
    ]);
  });

  it('counts repeated names, parts hidden in a file, and stray closing delimiters', async () => {
    const same = Array.from({ length: 21 }, () => part(B, 'file', 'x')).join('');
    expect((await upload(type, `${same}--${B}--\r\n`)).body.data?.errors).toMatchObject([{ code: 'max_items' }]);
    const inFile = `${image(B).slice(0, -2)}${`--${B}`.repeat(21)}\r\n--${B}--\r\n`;
    expect((await upload(type, inFile)).body.data?.errors).toMatchObject([{ code: 'max_items' }]);
    const closings = `${image(B)}${`--${B}--\r\n`.repeat(30)}`;
    expect((await upload(type, closings)).body.data?.errors).toMatchObject([{ code: 'max_items' }]);
  });

  it('refuses the import past 20 parts as well', async () => {
    const over = await upload(type, `${fields(21)}--${B}--\r\n`, '/prod-api/book/import?dryRun=1');
    expect(over.status).toBe(400);
    expect(over.body.data?.errors).toMatchObject([{ path: 'body', code: 'max_items', params: { max: 20 } }]);
  });

  it('takes part headers of 8 KiB and refuses longer ones', async () => {
    // The header block of the file part: from after `--boundary` to the blank line.
    const headerOf = (pad: number) => image(B, `\r\nX-Pad: ${'p'.repeat(pad)}`).indexOf('\r\n\r\n') - (B.length + 2);
    const fits = 8192 - headerOf(0);
    expect(headerOf(fits)).toBe(8192);
    expect((await upload(type, `${image(B, `\r\nX-Pad: ${'p'.repeat(fits)}`)}--${B}--\r\n`)).status).toBe(201);
    const over = await upload(type, `${image(B, `\r\nX-Pad: ${'p'.repeat(fits + 1)}`)}--${B}--\r\n`);
    expect(over.status).toBe(400);
    expect(over.body.data?.errors).toEqual([
      {
        path: 'body',
        message: 'has a part whose headers are longer than 8192 bytes',
        code: 'max_length',
        params: { max: 8192 },
      },
    ]);
  });

  it('takes boundaries of 1 to 70 characters, quoted or not, and refuses longer or missing ones', async () => {
    for (const b of ['x', 'a'.repeat(70), "quoted (b'+_,-./:=?) end"]) {
      const quoted = `multipart/form-data; charset=utf-8; boundary="${b}"`;
      expect((await upload(quoted, `${image(b)}--${b}--\r\n`)).status, b).toBe(201);
    }
    expect(
      (
        await upload(
          `multipart/form-data; boundary=${'a'.repeat(70)}`,
          `${image('a'.repeat(70))}--${'a'.repeat(70)}--\r\n`,
        )
      ).status,
    ).toBe(201);
    const long = 'a'.repeat(71);
    for (const t of [
      `multipart/form-data; boundary=${long}`,
      'multipart/form-data',
      'multipart/form-data; boundary=',
    ]) {
      const res = await upload(t, `${image(long)}--${long}--\r\n`);
      expect(res.status, t).toBe(400);
      expect(res.body.data?.errors, t).toEqual([
        {
          path: 'content-type',
          message: 'needs a multipart boundary of 1 to 70 characters (RFC 2046)',
          code: 'max_length',
          params: { max: 70 },
        },
      ]);
    }
  });

  it('parses with the first boundary parameter, as the platform does', async () => {
    const res = await upload(`multipart/form-data; boundary=${B}; boundary=other`, `${image(B)}--${B}--\r\n`);
    expect(res.status).toBe(201);
  });
});

describe('urlencoded limits', () => {
  // No route takes an urlencoded body (both form routes want multipart): readForm on its own.
  const app = new Hono();
  app.post('/form', async (c) => c.json(await readForm(c)));
  app.onError((err, c) => c.json(err instanceof ApiError ? err.data : String(err), 400));
  const send = (body: string) =>
    app.request('/form', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

  it('takes 20 fields and refuses 21; empty pairs do not count', async () => {
    const pairs = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=v`).join('&');
    const fine = await send(`${pairs(20)}&&&`);
    expect(fine.status).toBe(200);
    expect(Object.keys(await fine.json())).toHaveLength(20);
    const over = await send(pairs(21));
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      errors: [{ path: 'body', message: 'has more than 20 fields', code: 'max_items', params: { max: 20 } }],
    });
  });

  it('keeps repeated names as lists', async () => {
    const res = await send('a=1&a=2&b[]=3');
    expect(await res.json()).toEqual({ a: ['1', '2'], 'b[]': ['3'] });
  });
});
