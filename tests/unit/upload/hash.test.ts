import SparkMD5 from 'spark-md5';
import { describe, expect, it } from 'vitest';
import { fileHash, HASH_BYTES } from '../../../src/upload/hash';

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256);

describe('fileHash', () => {
  it('is the MD5 of the empty input for an empty file', async () => {
    expect(await fileHash(new Blob([]))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('is the MD5 of the whole file when it is shorter than 1024 bytes', async () => {
    expect(await fileHash(new Blob(['abc']))).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  it('covers only the first 1024 bytes', async () => {
    const head = bytes(HASH_BYTES);
    const a = new Blob([head, bytes(5000, 7)]);
    const b = new Blob([head, bytes(10, 9)]);
    expect(await fileHash(a)).toBe(await fileHash(b));
    expect(await fileHash(a)).toBe(SparkMD5.ArrayBuffer.hash(head.buffer));
  });

  it('changes when a byte of the first 1024 changes', async () => {
    const head = bytes(HASH_BYTES);
    const other = head.slice();
    other[1023] = (other[1023] ?? 0) ^ 1;
    expect(await fileHash(new Blob([head]))).not.toBe(await fileHash(new Blob([other])));
  });
});
