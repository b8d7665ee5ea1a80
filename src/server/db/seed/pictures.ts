import sharp from 'sharp';
import { IMAGE_URL_PREFIX, removeImage, storeImage } from '../../files/images';
import { mulberry32 } from './random';

/** Pairs of colours a generated picture's gradient runs between. */
const PALETTE: [string, string][] = [
  ['#1d3557', '#457b9d'],
  ['#6d597a', '#b56576'],
  ['#2a9d8f', '#264653'],
  ['#e76f51', '#f4a261'],
  ['#283618', '#606c38'],
  ['#3d405b', '#81b29a'],
  ['#9b2226', '#ca6702'],
  ['#023047', '#219ebc'],
];

/** A picture with no words in it (no font needed): a gradient, a few shapes, a band for a title. */
function pictureSvg(width: number, height: number, seed: number): string {
  const rand = mulberry32(seed);
  const [from, to] = PALETTE[seed % PALETTE.length] as [string, string];
  const shapes = Array.from({ length: 4 }, () => {
    const x = Math.round(rand() * width);
    const y = Math.round(rand() * height);
    const r = Math.round((0.08 + rand() * 0.25) * Math.min(width, height));
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${(0.08 + rand() * 0.18).toFixed(2)}"/>`;
  }).join('');
  const band = Math.round(height * 0.62);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes}
<rect x="${Math.round(width * 0.1)}" y="${band}" width="${Math.round(width * 0.8)}" height="${Math.round(height * 0.12)}" fill="#fff" fill-opacity="0.85"/>
</svg>`;
}

export interface DemoPictures {
  kind: 'cover' | 'banner';
  count: number;
  width: number;
  height: number;
}

/** One generated picture, stored as an upload is: what the image library keeps of it. */
export interface StoredPicture {
  fileName: string;
  storedName: string;
  size: number;
  mime: string;
  width: number;
  height: number;
  at: string;
}

/**
 * Generated pictures for the demo (book covers, banners), stored like any upload and kept by the
 * image library (`keep`, the image noun's), so lists, the picker and the benchmarks show real
 * images and ask for their small copies. Returns their addresses; each stored file's name is added
 * to `stored`, for the caller to remove if its transaction fails.
 */
export async function generatePictures(
  dataDir: string,
  at: string,
  { kind, count, width, height }: DemoPictures,
  stored: string[],
  keep: (picture: StoredPicture) => Promise<void>,
): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = await sharp(Buffer.from(pictureSvg(width, height, i * 31 + (kind === 'cover' ? 7 : 13))))
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    const name = await storeImage(dataDir, bytes, 'image/jpeg');
    stored.push(name);
    const fileName = `${kind}-${String(i + 1).padStart(2, '0')}.jpg`;
    await keep({ fileName, storedName: name, size: bytes.length, mime: 'image/jpeg', width, height, at });
    urls.push(`${IMAGE_URL_PREFIX}${name}`);
  }
  return urls;
}

/** After a failed seed: its pictures' files go too (their rows were rolled back). */
export async function removeDemoPictures(dataDir: string, stored: string[]): Promise<void> {
  await Promise.all(stored.map((name) => removeImage(dataDir, name)));
}
