import type { Checkpoints } from './checkpoints';
import type { CredentialBroker } from './credential-broker';
import { decodeUploadAddress, decodeUploadAuth, UploadRuleError } from './credentials';
import { fileHash } from './hash';
import { partSize } from './limits';
import type { putObject, startMultipart } from './oss';
import { parseUploadPoint, type StoredCheckpoint } from './persist';
import type { ProgressReporter } from './progress';
import type { LogLevel, UploadItem, UploadSnapshot } from './protocol';
import type { QueueAction } from './queue';
import { type Attempts, progressed } from './retry-policy';
import type { UploadTicket, VodClient } from './vod-client';

/**
 * One run of one file ("flow per file"): credential → CreateUploadVideo, or
 * RefreshUploadVideo for a video already created (a resumed checkpoint, or one the service knows
 * by file hash) → cover via CreateUploadImage → ali-oss multipart from the checkpoint, saving and
 * reporting progress per part. The engine (engine.ts) decides when a run starts and what its
 * outcome means; a run that is no longer live (halted) stops at its next step and reports nothing.
 */
export interface Entry {
  file: File;
  cover?: File | null;
  coverUrl?: string;
  hash?: Promise<string>;
  /** Settles when the add-time look-up of an interrupted checkpoint is done. */
  matched?: Promise<void>;
  /** The file's handle (File System Access), stored with the checkpoint. */
  handle?: FileSystemFileHandle;
}

export interface Run {
  abort(): void;
  handle?: { abort(): void };
}

export interface OssSeams {
  startMultipart: typeof startMultipart;
  putObject: typeof putObject;
}

/** What a run needs from the engine. */
export interface RunHost {
  state(): UploadSnapshot;
  dispatch(action: QueueAction): void;
  log(level: LogLevel, message: string): void;
  now(): number;
  broker: CredentialBroker;
  checkpoints: Checkpoints;
  reporter: ProgressReporter;
  oss: OssSeams;
  attemptsOf(id: string): Attempts;
}

/**
 * Uploads the file; resolves with its VideoId when every part is stored and the upload completed,
 * or null when the run stopped being live on the way. Errors are the engine's to classify.
 */
export async function uploadFile(
  host: RunHost,
  id: string,
  item: UploadItem,
  entry: Entry,
  run: Run,
  live: () => boolean,
): Promise<string | null> {
  await entry.matched;
  let hash: string;
  try {
    hash = await (entry.hash ?? fileHash(entry.file));
  } catch (e) {
    throw new UploadRuleError('ReadFileError', `could not read ${entry.file.name}: ${String(e)}`);
  }
  const vod = await host.broker.vod();
  if (!live()) return null;
  let rec = host.checkpoints.get(id) ?? null;
  let ticket: UploadTicket | null = null;
  let point: ReturnType<typeof parseUploadPoint> = null;
  if (rec?.videoId) {
    ticket = await vod.refreshUploadVideo(rec.videoId);
  } else if (host.state().reportProgress) {
    const known = await host.reporter.known(vod, hash);
    if (known?.VideoId) {
      host.log('info', `${entry.file.name}: the service knows this file (${known.VideoId}); resuming`);
      ticket = await vod.refreshUploadVideo(known.VideoId);
      point = parseUploadPoint(known.UploadPoint);
    }
  }
  if (!live()) return null;
  if (!ticket) {
    const info = host.state().items.find((i) => i.id === id)?.videoInfo ?? item.videoInfo;
    const cover = await uploadCover(vod, entry, info.Title, host.oss.putObject);
    ticket = await vod.createUploadVideo({
      ...info,
      ...(cover ? { CoverURL: cover } : {}),
      FileName: entry.file.name,
      FileSize: entry.file.size,
    });
    host.log('info', `${entry.file.name}: created video ${ticket.VideoId}`);
  }
  if (!live()) return null;
  const address = decodeUploadAddress(ticket.UploadAddress);
  const auth = decodeUploadAuth(ticket.UploadAuth);
  const same = (r: { bucket: string; object: string } | null) =>
    r !== null && r.bucket === address.Bucket && r.object === address.FileName;
  let checkpoint = same(rec) ? (rec?.checkpoint ?? null) : same(point) ? (point?.checkpoint ?? null) : null;
  if (checkpoint && checkpoint.fileSize !== entry.file.size) checkpoint = null;
  rec = {
    fileName: entry.file.name,
    lastModified: entry.file.lastModified,
    size: entry.file.size,
    object: address.FileName,
    videoId: ticket.VideoId,
    bucket: address.Bucket,
    endpoint: address.Endpoint,
    checkpoint,
    loaded: checkpoint ? (rec?.loaded ?? point?.loaded ?? 0) : 0,
    state: 'Uploading',
    fileHash: hash,
    updatedAt: host.now(),
    ...((entry.handle ?? rec?.handle) ? { handle: entry.handle ?? rec?.handle } : {}),
  };
  const stored: StoredCheckpoint = rec;
  host.checkpoints.set(id, stored);
  host.checkpoints.save(item.key, stored);
  host.dispatch({ type: 'video-created', id, videoId: ticket.VideoId });
  const handle = host.oss.startMultipart({
    address,
    auth,
    file: entry.file,
    partSize: checkpoint?.partSize ?? partSize(entry.file.size),
    checkpoint,
    onProgress: (cp, loaded) => {
      if (!live()) return;
      progressed(host.attemptsOf(id));
      if (cp) stored.checkpoint = cp;
      stored.loaded = loaded;
      stored.updatedAt = host.now();
      host.checkpoints.saveProgress(item.key, stored);
      // Not once every part is stored: Complete follows at once, and a report racing it would
      // leave the service a progress record of a finished video, offered for resuming later.
      if (loaded < entry.file.size) host.reporter.report(id, vod, stored);
      host.dispatch({ type: 'progress', id, loaded, at: host.now() });
    },
  });
  run.handle = handle;
  await handle.done;
  return live() ? ticket.VideoId : null;
}

/** The cover image, once per item (CreateUploadImage, then one PUT); its URL goes into CreateUploadVideo. */
async function uploadCover(
  vod: VodClient,
  entry: Entry,
  title: string,
  put: OssSeams['putObject'],
): Promise<string | undefined> {
  if (!entry.cover) return undefined;
  if (entry.coverUrl) return entry.coverUrl;
  const ext = (/\.([a-z0-9]+)$/i.exec(entry.cover.name)?.[1] ?? entry.cover.type.split('/')[1] ?? 'jpg').toLowerCase();
  const t = await vod.createUploadImage({ ImageType: 'cover', ImageExt: ext, Title: title });
  await put(decodeUploadAddress(t.UploadAddress), decodeUploadAuth(t.UploadAuth), entry.cover);
  entry.coverUrl = t.ImageURL;
  return t.ImageURL;
}
