import type { Kysely } from 'kysely';
import type { Logger } from '../context';
import type { Database } from '../db/schema';
import type { DiskFaults } from '../files/disk';
import { removeStaleFiles } from '../files/disk';
import { filesTmpDir } from '../files/images';
import type { Services } from '../services';
import type { VodConfig } from './config';
import type { VideoHooks } from './hooks';
import { OssStorage } from './storage';
import { vodDb } from './tables';

export interface SweepDeps {
  db: Kysely<Database>;
  dataDir: string;
  vod: VodConfig;
  /** The video noun's: which videos are still uploading, and closing one. */
  hooks: VideoHooks;
  now: () => Date;
  log: Logger;
  diskFaults?: DiskFaults;
  /** The live stream, when the sweep runs in a server: a closed video reaches open consoles. */
  events?: Services['events'];
}

export interface SweepReport {
  /** Multipart uploads (and their parts) removed. */
  uploads: number;
  /** Upload folders without an upload, and temp files of interrupted writes. */
  leftovers: number;
  /** `Uploading` videos closed as `TranscodeFail` (`upload_abandoned`, or `transcode_failed` when their object did arrive). */
  videos: number;
  /** Upload checkpoints (progress reports) removed. */
  checkpoints: number;
}

/** Temp files and upload folders are leftovers once nothing has written to them for this long. */
const LEFTOVER_MS = 3600_000;

/**
 * The local bucket's lifecycle rule, one pass: multipart uploads started more than
 * `abandonAfterSeconds` ago are aborted (parts and folder removed), `Uploading` videos that old are
 * closed, their checkpoints dropped, and files left by interrupted writes removed.
 *
 * Safe with several instances sweeping at once: each upload and video is claimed by a conditional
 * write (delete or update … where it is still in that state), and only the instance whose write
 * took effect removes files or writes the audit row.
 */
export async function sweepStorage(d: SweepDeps): Promise<SweepReport> {
  const now = d.now();
  const cutoff = new Date(now.getTime() - d.vod.limits.abandonAfterSeconds * 1000).toISOString();
  // An upload stuck in 'completing' (its instance stopped mid-way) gets a day more before it goes.
  const stuckCutoff = new Date(now.getTime() - d.vod.limits.abandonAfterSeconds * 1000 - 86_400_000).toISOString();
  const db = vodDb(d.db);
  const storage = new OssStorage(d.dataDir, d.diskFaults);
  const report: SweepReport = { uploads: 0, leftovers: 0, videos: 0, checkpoints: 0 };

  const old = await db
    .selectFrom('oss_upload')
    .select(['upload_id', 'state', 'created_at'])
    .where('created_at', '<', cutoff)
    .execute();
  for (const u of old) {
    if (u.state !== 'open' && u.created_at >= stuckCutoff) continue;
    const claimed = await db.transaction().execute(async (trx) => {
      const r = await trx
        .deleteFrom('oss_upload')
        .where('upload_id', '=', u.upload_id)
        .where('state', '=', u.state)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) return false;
      await trx.deleteFrom('oss_part').where('upload_id', '=', u.upload_id).execute();
      return true;
    });
    if (!claimed) continue;
    await storage.removeUpload(u.upload_id);
    report.uploads++;
  }

  // Folders whose upload is gone (an instance stopped between the database and the disk).
  const leftoverBefore = now.getTime() - Math.min(LEFTOVER_MS, d.vod.limits.abandonAfterSeconds * 1000);
  for (const f of await storage.uploadFolders()) {
    if (f.mtimeMs > leftoverBefore) continue;
    const known = await db
      .selectFrom('oss_upload')
      .select('upload_id')
      .where('upload_id', '=', f.uploadId)
      .executeTakeFirst();
    if (known) continue;
    await storage.removeUpload(f.uploadId);
    report.leftovers++;
  }
  const leftoverMs = now.getTime() - leftoverBefore;
  report.leftovers += await removeStaleFiles(storage.tmpDir, leftoverMs, now);
  report.leftovers += await removeStaleFiles(filesTmpDir(d.dataDir), leftoverMs, now);

  for (const videoId of await d.hooks.staleUploads(d.db, cutoff))
    if (await closeVideo(d, videoId, now)) report.videos++;

  const progress = await db.deleteFrom('vod_upload_progress').where('updated_at', '<', cutoff).executeTakeFirst();
  report.checkpoints = Number(progress.numDeletedRows);

  if (report.uploads + report.leftovers + report.videos + report.checkpoints > 0) {
    d.log.info(
      `Storage lifecycle: removed ${report.uploads} abandoned multipart upload(s), ${report.leftovers} leftover file(s) or folder(s), ${report.checkpoints} checkpoint(s); closed ${report.videos} unfinished video(s).`,
    );
  }
  return report;
}

/**
 * An abandoned `Uploading` video is closed by the video resource (`TranscodeFail`: `upload_abandoned`,
 * or `transcode_failed` when its object is in the bucket after all: its completion was stored but
 * the record missed it); its checkpoints go. False when another instance got there first.
 */
async function closeVideo(d: SweepDeps, videoId: string, now: Date): Promise<boolean> {
  const v = vodDb(d.db);
  const media = await v
    .selectFrom('vod_media')
    .select(['bucket', 'object_key'])
    .where('media_id', '=', videoId)
    .executeTakeFirst();
  const object = media
    ? await v
        .selectFrom('oss_object')
        .select('size')
        .where('bucket', '=', media.bucket)
        .where('object_key', '=', media.object_key)
        .executeTakeFirst()
    : undefined;
  if (!(await d.hooks.abandoned(d, videoId, object !== undefined, now))) return false;
  await v.deleteFrom('vod_upload_progress').where('video_id', '=', videoId).execute();
  return true;
}

/**
 * Runs sweepStorage every `sweepIntervalSeconds` (and once shortly after start, so instances that
 * restart often still sweep). Returns the stop function. Local mode only.
 */
export function startStorageSweep(d: SweepDeps): () => void {
  const seconds = d.vod.limits.sweepIntervalSeconds;
  if (d.vod.mode !== 'local' || seconds <= 0) return () => undefined;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sweepStorage(d)
      .catch((err) => d.log.error('Storage lifecycle sweep failed:', err))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, Math.min(seconds, 10) * 1000);
  const every = setInterval(run, seconds * 1000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
