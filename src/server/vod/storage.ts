import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';

/**
 * The bytes of the local OSS under LECTERN_DATA/oss: objects at `<bucket>/<key>`, multipart parts
 * at `.multipart/<uploadId>/<n>.<random>`, writes in progress at `.tmp/`. Bucket names cannot
 * start with a dot, so the two service folders never meet a bucket. Everything streams.
 */
export class OssStorage {
  readonly root: string;
  constructor(dataDir: string) {
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

  private tmpFile(): string {
    return join(this.root, '.tmp', randomBytes(12).toString('hex'));
  }

  /** Streams a request body to a new temp file, hashing on the way. The caller moves or deletes it. */
  async receive(body: ReadableStream<Uint8Array> | null): Promise<Received> {
    const file = this.tmpFile();
    await mkdir(dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const hash = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        md5.update(chunk);
        size += chunk.length;
        cb(null, chunk);
      },
    });
    const source = body ? Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>) : Readable.from([]);
    try {
      await pipeline(source, hash, createWriteStream(file, { flags: 'wx' }));
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    const digest = md5.digest();
    return { file, size, md5: digest };
  }

  /** Moves a received temp file to `dest` (atomic on one file system), creating folders. */
  async place(tmp: string, dest: string): Promise<void> {
    await mkdir(dirname(dest), { recursive: true });
    await rename(tmp, dest);
  }

  /** Concatenates part files into a new temp file, one part at a time; returns the temp file. */
  async concat(files: readonly string[]): Promise<string> {
    const out = this.tmpFile();
    await mkdir(dirname(out), { recursive: true });
    const fh = await open(out, 'wx');
    try {
      // One part at a time, chunk by chunk: memory stays at one read buffer whatever the size.
      for (const f of files) {
        for await (const chunk of createReadStream(f, { highWaterMark: 1024 * 1024 })) await fh.write(chunk as Buffer);
      }
    } catch (err) {
      await fh.close();
      await rm(out, { force: true });
      throw err;
    }
    await fh.close();
    return out;
  }

  async discard(file: string): Promise<void> {
    await unlink(file).catch(() => undefined);
  }

  async removeUpload(uploadId: string): Promise<void> {
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
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
