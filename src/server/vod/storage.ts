import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { type DiskFaults, freeBytes, writeNewFile } from '../files/disk';
import { DRAIN_LIMIT, discardReader } from '../http/body-limit';

/**
 * The bytes of the local OSS under LECTERN_DATA/oss: objects at `<bucket>/<key>`, multipart parts
 * at `.multipart/<uploadId>/<n>.<random>`, writes in progress at `.tmp/`. Bucket names cannot
 * start with a dot, so the two service folders never meet a bucket. Everything streams; every
 * write goes to a temp file first and is moved into place only when complete and recorded, so a
 * failure (a full disk included) leaves nothing behind.
 */
export class OssStorage {
  readonly root: string;
  /** Bytes this instance has promised to uploads still arriving (admit/release). */
  private inFlight = 0;
  constructor(
    dataDir: string,
    private readonly faults?: DiskFaults,
  ) {
    this.root = resolve(dataDir, 'oss');
  }

  /** The file of an object; null for a key that could escape its bucket or has empty/dot segments. */
  objectPath(bucket: string, key: string): string | null {
    if (!validKey(key)) return null;
    const base = join(this.root, bucket);
    const file = resolve(base, key);
    return file.startsWith(base + sep) ? file : null;
  }

  uploadDir(uploadId: string): string {
    return join(this.root, '.multipart', uploadId);
  }

  get tmpDir(): string {
    return join(this.root, '.tmp');
  }

  private tmpFile(): string {
    return join(this.tmpDir, randomBytes(12).toString('hex'));
  }

  /** Free bytes on the disk of the bucket, minus what uploads in progress here will still take. */
  async available(): Promise<number> {
    return (await freeBytes(this.root)) - this.inFlight;
  }

  get reserved(): number {
    return this.inFlight;
  }

  /** Promises `bytes` to an upload until the returned release is called. */
  admit(bytes: number): () => void {
    this.inFlight += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= bytes;
    };
  }

  /**
   * Streams a request body to a new temp file, hashing on the way. The caller moves or deletes it.
   * When the write fails (a full disk), the temp file is removed and the rest of the body is read
   * and thrown away (up to DRAIN_LIMIT) so that the client receives the error answer.
   */
  async receive(body: ReadableStream<Uint8Array> | null): Promise<Received> {
    const file = this.tmpFile();
    const reader = body?.getReader();
    let readFailed = false;
    async function* chunks() {
      if (!reader) return;
      for (;;) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (err) {
          readFailed = true;
          throw err;
        }
        if (next.done) return;
        yield next.value;
      }
    }
    try {
      const { size, md5 } = await writeNewFile(file, chunks(), this.faults);
      return { file, size, md5 };
    } catch (err) {
      if (reader && !readFailed) (err as { drained?: boolean }).drained = await discardReader(reader, DRAIN_LIMIT);
      throw err;
    }
  }

  /**
   * Moves a complete temp file to `dest` and runs `record` (the database write that makes it an
   * object). If `record` fails, `dest` is as it was before: the new file is removed and an object it
   * replaced is put back.
   */
  async commit(tmp: string, dest: string, record: () => Promise<void>): Promise<void> {
    await mkdir(dirname(dest), { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
    const previous = this.tmpFile();
    const hadPrevious = await rename(dest, previous).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return false;
        throw err;
      },
    );
    try {
      await rename(tmp, dest);
      await record();
    } catch (err) {
      // The new file, if the rename happened (the caller discards `tmp` otherwise).
      await rm(dest, { force: true });
      if (hadPrevious) await rename(previous, dest).catch(() => undefined);
      throw err;
    }
    if (hadPrevious) await unlink(previous).catch(() => undefined);
  }

  /** Moves a received temp file to `dest` (atomic on one file system), creating folders. */
  async place(tmp: string, dest: string): Promise<void> {
    await mkdir(dirname(dest), { recursive: true });
    await rename(tmp, dest);
  }

  /** Concatenates part files into a new temp file, one part at a time; returns the temp file. */
  async concat(files: readonly string[]): Promise<string> {
    const out = this.tmpFile();
    async function* parts() {
      // One part at a time, chunk by chunk: memory stays at one read buffer whatever the size.
      for (const f of files) yield* createReadStream(f, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>;
    }
    await writeNewFile(out, parts(), this.faults);
    return out;
  }

  async discard(file: string): Promise<void> {
    await unlink(file).catch(() => undefined);
  }

  async removeUpload(uploadId: string): Promise<void> {
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  /** Upload folders (their ids) present on disk. */
  async uploadFolders(): Promise<{ uploadId: string; mtimeMs: number }[]> {
    const dir = join(this.root, '.multipart');
    const names = await readdir(dir).catch(() => [] as string[]);
    const out: { uploadId: string; mtimeMs: number }[] = [];
    for (const name of names) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (info?.isDirectory()) out.push({ uploadId: name, mtimeMs: info.mtimeMs });
    }
    return out;
  }
}

export interface Received {
  file: string;
  size: number;
  md5: Buffer;
}

/** OSS keys: 1-1023 bytes, no leading slash; here also no `.`/`..`/empty segments, backslash or NUL. */
export function validKey(key: string): boolean {
  if (!key || Buffer.byteLength(key) > 1023 || key.includes('\0') || key.includes('\\')) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/**
 * A byte range of a file as a web stream that opens the file only when first read: HEAD is served
 * from the GET response (app.ts) and never reads the body, so nothing is opened for it.
 */
export function fileStream(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  let fh: Awaited<ReturnType<typeof open>> | null = null;
  let pos = start;
  const CHUNK = 256 * 1024;
  return new ReadableStream<Uint8Array>(
    {
      async pull(ctrl) {
        try {
          fh ??= await open(file, 'r');
          const want = Math.min(CHUNK, end + 1 - pos);
          if (want <= 0) {
            await fh.close();
            fh = null;
            ctrl.close();
            return;
          }
          const buf = Buffer.allocUnsafe(want);
          const { bytesRead } = await fh.read(buf, 0, want, pos);
          if (bytesRead === 0) throw new Error(`${file}: shorter than recorded`);
          pos += bytesRead;
          ctrl.enqueue(new Uint8Array(buf.buffer, buf.byteOffset, bytesRead));
        } catch (err) {
          await fh?.close().catch(() => undefined);
          fh = null;
          ctrl.error(err);
        }
      },
      async cancel() {
        await fh?.close().catch(() => undefined);
        fh = null;
      },
    },
    { highWaterMark: 0 },
  );
}
