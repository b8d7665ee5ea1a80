import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

const MiB = 1024 * 1024;

/**
 * A file of `mib` MiB of random bytes (nothing compresses or deduplicates it), written a MiB at a
 * time so a large one never sits in memory; returns its MD5 (hex) to check what the server stored.
 */
export function writeRandomFile(path: string, mib: number): string {
  const fd = openSync(path, 'w');
  const hash = createHash('md5');
  for (let i = 0; i < mib; i++) {
    const chunk = randomBytes(MiB);
    hash.update(chunk);
    writeSync(fd, chunk);
  }
  closeSync(fd);
  return hash.digest('hex');
}
