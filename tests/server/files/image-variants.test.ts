import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageRecord, ImageUploadResult } from '../../../src/resources/image/schema';
import { pageOf } from '../helpers/crud';
import { testServerForFile } from '../helpers/test-server';

/**
 * Uploaded images are stored as shown and without location or camera metadata; lists get smaller
 * copies (`?w=`), made once with sharp and kept. Real images, made with sharp here.
 */
const s = testServerForFile();

async function upload(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const res = await fetch(`${s.url}/prod-api/file/upload/img`, {
    method: 'POST',
    body: form,
    headers: { 'X-Token': s.adminToken },
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: ImageUploadResult } };
}

const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width, height, channels: 3 },
  });

/** A phone photo: 1200×800 pixels stored sideways (orientation 6), with GPS and camera EXIF. */
const phonePhoto = () =>
  noise(1200, 800)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Software: 'Camera 1.0' },
      IFD2: { BodySerialNumber: 'SN-12345678' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();

const get = (url: string, accept = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8') =>
  fetch(`${s.url}${url}`, { headers: { accept } });

describe('images as stored', () => {
  it('a phone photo: orientation applied to the pixels, no EXIF (GPS, camera, serial), dimensions kept', async () => {
    const photo = await phonePhoto();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    for (const secret of ['SN-12345678', 'PhoneMaker']) expect(photo.includes(Buffer.from(secret))).toBe(true);
    expect(sent.exif).toBeDefined();
    const up = await upload(photo, 'IMG_0001.jpg');
    expect(up.status).toBe(201);
    const stored = Buffer.from(await (await get(up.body.data.url)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1200]);
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    for (const secret of ['SN-12345678', 'PhoneMaker']) expect(stored.includes(Buffer.from(secret))).toBe(false);
    const row = (await pageOf<ImageRecord>(s, 'image', { keyword: 'IMG_0001' })).body.data.items[0];
    expect(row).toMatchObject({ width: 800, height: 1200, size: stored.length, mime: 'image/jpeg' });
  });

  it('an image without metadata is kept byte for byte', async () => {
    const png = await noise(64, 48).png().toBuffer();
    const up = await upload(png, 'plain.png');
    expect(up.status).toBe(201);
    expect(Buffer.from(await (await get(up.body.data.url)).arrayBuffer()).equals(png)).toBe(true);
    const row = (await pageOf<ImageRecord>(s, 'image', { keyword: 'plain.png' })).body.data.items[0];
    expect(row).toMatchObject({ width: 64, height: 48 });
  });

  it('refuses an image that decodes to more than 50 megapixels (a small file can claim billions)', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const up = await upload(bomb, 'flat.png');
    expect(up.status).toBe(400);
    expect(up.body.msg).toContain('100000000 pixels');
  });
});

describe('smaller copies: GET <image URL>?w=N', () => {
  const uploaded = async (width: number, height: number, name: string) => {
    const up = await upload(await noise(width, height).jpeg().toBuffer(), name);
    expect(up.status).toBe(201);
    return up.body.data.url;
  };

  it('WebP when Accept takes it, the original kind otherwise; Vary: Accept, cached for a year', async () => {
    const url = await uploaded(1600, 1200, 'cover-a.jpg');
    const webp = await get(`${url}?w=160`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('vary')).toBe('Accept');
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const small = Buffer.from(await webp.arrayBuffer());
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 160, height: 120 });
    const jpeg = await get(`${url}?w=160`, 'image/jpeg,*/*');
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).width).toBe(160);
    // A thumbnail costs a few KiB where the original costs hundreds.
    const original = await get(url);
    expect(small.length * 10).toBeLessThan(Number(original.headers.get('content-length')));
  });

  it('a width snaps up to the next of 160, 320, 640, 1024, 2048; never wider than the original', async () => {
    const url = await uploaded(700, 300, 'cover-b.jpg');
    const width = async (w: string) =>
      (await sharp(Buffer.from(await (await get(`${url}?w=${w}`)).arrayBuffer())).metadata()).width;
    expect(await width('100')).toBe(160);
    expect(await width('161')).toBe(320);
    expect(await width('640')).toBe(640);
    expect(await width('1024')).toBe(700);
    expect(await width('2048')).toBe(700);
  });

  it('400 for a width past 2048, zero or not a number; 404 for an image that is not there', async () => {
    const url = await uploaded(200, 100, 'cover-c.jpg');
    for (const w of ['2049', '0', 'abc', '-5', '1e3']) {
      const res = await get(`${url}?w=${w}`);
      expect(res.status, w).toBe(400);
      expect(((await res.json()) as { data: { errors: { path: string }[] } }).data.errors[0]?.path).toBe('w');
    }
    expect((await get('/prod-api/files/images/0123456789abcdef0123456789abcdef.jpg?w=160')).status).toBe(404);
  });

  it('made once and kept beside the originals; deleting the image deletes its copies', async () => {
    const url = await uploaded(900, 600, 'cover-d.jpg');
    const name = url.slice(url.lastIndexOf('/') + 1);
    const base = name.slice(0, name.indexOf('.'));
    const dir = join(s.dataDir, 'files', 'images', 'variants');
    // Two lists asking at once: one copy made.
    const [a, b] = await Promise.all([get(`${url}?w=320`), get(`${url}?w=320`)]);
    expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true);
    await get(`${url}?w=640`, 'image/jpeg');
    expect(
      readdirSync(dir)
        .filter((f) => f.startsWith(base))
        .sort(),
    ).toEqual([`${base}-320.webp`, `${base}-640.jpg`]);
    const row = (await pageOf<ImageRecord>(s, 'image', { keyword: 'cover-d' })).body.data.items[0] as ImageRecord;
    expect((await s.call('DELETE', `/image/${row.id}`, { token: s.adminToken })).status).toBe(200);
    expect(readdirSync(dir).filter((f) => f.startsWith(base))).toEqual([]);
    expect(existsSync(join(s.dataDir, 'files', 'images', name))).toBe(false);
  });
});
