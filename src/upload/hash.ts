import SparkMD5 from 'spark-md5';

/** The file hash of docs/product.md §9: MD5 (hex) of the file's first 1024 bytes. */
export const HASH_BYTES = 1024;

export function md5Hex(buffer: ArrayBuffer): string {
  return SparkMD5.ArrayBuffer.hash(buffer);
}

export async function fileHash(file: Blob): Promise<string> {
  return md5Hex(await file.slice(0, HASH_BYTES).arrayBuffer());
}
