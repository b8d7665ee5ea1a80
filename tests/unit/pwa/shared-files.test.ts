import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MIMES } from '../../../src/contract/values';
import { pwaManifest } from '../../../src/sw/protocol/build-config';
import {
  entriesOf,
  SHARE_ACTION,
  SHARED_IMAGE_MAX_BYTES,
  SHARED_IMAGE_TYPES,
  SHARED_SCREENS,
  screenFor,
  sortFile,
  typeByExtension,
} from '../../../src/sw/protocol/shared-files';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const MiB = 1024 * 1024;

describe('files shared to Lectern', () => {
  it('holds the image library limits the worker cannot import equal to the contract', () => {
    expect(SHARED_IMAGE_TYPES).toEqual([...IMAGE_MIMES]);
    expect(SHARED_IMAGE_MAX_BYTES).toBe(IMAGE_MAX_BYTES);
  });

  it('sorts videos to the queue, library images to the image upload, and refuses the rest with a reason', () => {
    expect(sortFile(file('a.mp4', 'video/mp4'))).toEqual({ kind: 'video' });
    expect(sortFile(file('a.mov', 'video/quicktime'))).toEqual({ kind: 'video' });
    expect(sortFile(file('a.png', 'image/png'))).toEqual({ kind: 'image' });
    expect(sortFile(file('a.JPG', 'IMAGE/JPEG'))).toEqual({ kind: 'image' });
    expect(sortFile(file('a.svg', 'image/svg+xml'))).toEqual({ kind: 'refused', reason: 'type' });
    expect(sortFile(file('a.pdf', 'application/pdf'))).toEqual({ kind: 'refused', reason: 'type' });
    expect(sortFile(file('big.png', 'image/png', 5 * MiB + 1))).toEqual({ kind: 'refused', reason: 'size' });
    expect(sortFile(file('edge.png', 'image/png', 5 * MiB))).toEqual({ kind: 'image' });
  });

  it('reads the type from the extension when a file opened from disk has none', () => {
    expect(typeByExtension('Lecture.MKV')).toBe('video/x-matroska');
    expect(typeByExtension('scan.jpeg')).toBe('image/jpeg');
    expect(typeByExtension('notes')).toBe('');
    expect(sortFile(file('clip.webm', ''))).toEqual({ kind: 'video' });
    expect(sortFile(file('notes.txt', ''))).toEqual({ kind: 'refused', reason: 'type' });
  });

  it('keeps the shared title for a single video only; refused files keep their name, not their bytes', () => {
    const one = entriesOf([file('v.mp4', 'video/mp4'), file('p.png', 'image/png')], 'share', '  Story time ', 1);
    expect(one.map((e) => [e.kind, e.title, e.file?.name])).toEqual([
      ['video', 'Story time', 'v.mp4'],
      ['image', undefined, 'p.png'],
    ]);
    const two = entriesOf([file('a.mp4', 'video/mp4'), file('b.mp4', 'video/mp4')], 'share', 'Story time', 1);
    expect(two.map((e) => e.title)).toEqual([undefined, undefined]);
    const [refused] = entriesOf([file('x.pdf', 'application/pdf', 99)], 'launch', undefined, 1);
    expect(refused).toMatchObject({ kind: 'refused', reason: 'type', name: 'x.pdf', size: 99, via: 'launch' });
    expect(refused?.file).toBeUndefined();
    expect(new Set([...one, ...two].map((e) => e.id)).size).toBe(4);
  });

  it('opens the queue when a video came, else the image library when an image (or a refused one) came', () => {
    const kinds = (...files: File[]) => screenFor(entriesOf(files, 'share'));
    expect(kinds(file('p.png', 'image/png'), file('v.mp4', 'video/mp4'))).toBe('video');
    expect(kinds(file('p.png', 'image/png'))).toBe('image');
    expect(kinds(file('big.png', 'image/png', 6 * MiB))).toBe('image');
    expect(kinds(file('x.pdf', 'application/pdf'))).toBe('video');
  });

  it('names the same action and screens in the manifest, under any base path', () => {
    for (const base of ['/', '/panda/']) {
      const m = pwaManifest(base);
      expect(m.share_target.action).toBe(`${base}${SHARE_ACTION}`);
      expect(m.file_handlers.map((h) => h.action)).toEqual([
        `${base}${SHARED_SCREENS.video}`,
        `${base}${SHARED_SCREENS.image}`,
      ]);
      expect(Object.keys(m.file_handlers[1]?.accept ?? {})).toEqual([...IMAGE_MIMES]);
      for (const s of m.shortcuts) expect(s.url.startsWith(base) && s.icons[0]?.src.startsWith(base)).toBe(true);
    }
  });
});
