import { createHash } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Writing files so that a failure leaves nothing behind: every upload is written to a new temp file
 * (on the same file system as its destination) and moved into place only once it is complete and
 * recorded. A write that fails (a full disk included) removes its temp file.
 */

/** Kept free on the disk of LECTERN_DATA unless LECTERN_STORAGE_RESERVE says otherwise. */
export const DEFAULT_STORAGE_RESERVE = 1024 ** 3;

/**
 * A simulated full disk, for tests that cannot mount a small file system: a write that would take
 * the file past `fullAfterBytes` writes what fits, then fails with ENOSPC exactly as the kernel
 * does. Only the failure is simulated; the cleanup and the answer are the real code path.
 */
export interface DiskFaults {
  fullAfterBytes?: number;
}

export interface Written {
  size: number;
  md5: Buffer;
}

function enospc(path: string): NodeJS.ErrnoException {
  const err = new Error(`ENOSPC: no space left on device, write '${path}'`) as NodeJS.ErrnoException;
  err.code = 'ENOSPC';
  err.errno = -28;
  err.syscall = 'write';
  err.path = path;
  return err;
}

/**
 * Writes `chunks` to a new file (never overwriting one), hashing on the way. On any failure the
 * file is removed and the error rethrown; what remains of `chunks` is not read.
 */
export async function writeNewFile(
  file: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  faults?: DiskFaults,
): Promise<Written> {
  await mkdir(dirname(file), { recursive: true });
  const fh = await open(file, 'wx');
  const md5 = createHash('md5');
  let size = 0;
  try {
    for await (const chunk of chunks) {
      const room = faults?.fullAfterBytes === undefined ? Infinity : faults.fullAfterBytes - size;
      if (chunk.byteLength > room) {
        if (room > 0) await writeAll(fh, chunk.subarray(0, room));
        throw enospc(file);
      }
      md5.update(chunk);
      size += chunk.byteLength;
      await writeAll(fh, chunk);
    }
    // Data the kernel accepted can still fail to reach a full disk: close reports that.
    await fh.close();
  } catch (err) {
    await fh.close().catch(() => undefined);
    await rm(file, { force: true });
    throw err;
  }
  return { size, md5: md5.digest() };
}

/** write(2) may take less than it was given (a disk filling up does that): go on until all is written. */
async function writeAll(fh: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let at = 0; at < chunk.byteLength; ) {
    const { bytesWritten } = await fh.write(chunk, at, chunk.byteLength - at);
    at += bytesWritten;
  }
}

/** Free bytes for an unprivileged writer on the file system holding `dir` (or its nearest parent). */
export async function freeBytes(dir: string): Promise<number> {
  for (let d = dir; ; d = dirname(d)) {
    try {
      const s = await statfs(d);
      return s.bavail * s.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(d) === d) throw err;
    }
  }
}

/**
 * Removes files directly in `dir` not written to for `olderThanMs`: temp files of writes a crash
 * interrupted (a running write touches its file all the time, so it is never that old).
 */
export async function removeStaleFiles(dir: string, olderThanMs: number, now: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
