import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobRun } from '../../../server/jobs';
import { type Rendition, snapshots, transcodeHls } from '../../../server/media/hls';
import { mediaDir, mediaUrl } from '../../../server/media/store';
import type { Services } from '../../../server/services';
import type { VideoInfo } from '../../../server/vod/hooks';
import { completedObjectOf } from '../../../server/vod/media';
import { OssStorage } from '../../../server/vod/storage';
import { setVideoStatus, videoRow } from './status';

/** The queue of a video's processing: probe, snapshots, HLS (docs/videos.md). */
export const PROCESS_QUEUE = 'video.process';

export interface ProcessJob {
  videoId: string;
}

/** What GetPlayInfo lists (kept as JSON in `play_info`). */
type PlayInfo = VideoInfo['playInfo'];

/** The cloud's names for a rendition's height. */
const definitionOf = (height: number) => (height >= 1080 ? 'FHD' : height >= 720 ? 'HD' : height >= 480 ? 'SD' : 'LD');

/**
 * One try at a video: `Transcoding`, then its probe, snapshots and renditions into a fresh folder,
 * then `Normal` with what they found. A file that is not a video ends `TranscodeFail`
 * (`not_a_video`) at once; any other failure is thrown for the queue to try again, and after the
 * last try `giveUp` sets `transcode_failed`. A try run again (its process died) starts over.
 */
async function processVideo(services: Services, data: ProcessJob, job: JobRun): Promise<void> {
  const { videoId } = data;
  const row = await videoRow(services.db, videoId);
  // Deleted meanwhile, or done by a try that finished after all: nothing to do.
  if (!row || row.status === 'Normal') return;
  const log = (msg: string) => services.log.info(`[video] ${videoId} (job ${job.id}, try ${job.attempt}): ${msg}`);
  log('processing');
  const object = await completedObjectOf(services.db, videoId);
  // The size that arrived, in case this try ran before the completion recorded it.
  await setVideoStatus(services, videoId, 'Transcoding', {
    patch: { fail_reason: null, ...(object ? { file_size: object.size } : {}) },
  });
  const source = object ? new OssStorage(services.dataDir).objectPath(object.bucket, object.key) : null;
  if (!source) {
    await setVideoStatus(services, videoId, 'TranscodeFail', { patch: { fail_reason: 'source_missing' } });
    return;
  }
  const started = Date.now();
  const found = await services.media.probe(source, job.signal);
  if (!found) {
    log('not a video');
    await setVideoStatus(services, videoId, 'TranscodeFail', { patch: { fail_reason: 'not_a_video' } });
    return;
  }
  const base = mediaDir(services.dataDir, videoId);
  if (!base) throw new Error(`not a media id: ${videoId}`);
  const run = randomBytes(6).toString('hex');
  const out = join(base, run);
  await mkdir(out, { recursive: true });
  let renditions: Rendition[];
  let snaps: string[];
  try {
    snaps = await snapshots(services.media, source, out, found, 4, job.signal);
    renditions = await transcodeHls(services.media, source, out, found, job.signal);
  } catch (err) {
    await rm(out, { recursive: true, force: true });
    throw err;
  }
  const snapshotUrls = snaps.map((s) => mediaUrl(videoId, run, s));
  const playInfo: PlayInfo = renditions.map((r) => ({
    format: 'm3u8',
    url: mediaUrl(videoId, run, r.playlist),
    definition: definitionOf(r.height),
    duration: found.duration,
    width: r.width,
    height: r.height,
    bitrate: r.bandwidth,
    size: r.size,
    fps: found.fps,
  }));
  // The master playlist first: a player given it chooses among the renditions itself.
  playInfo.unshift({
    ...(playInfo.at(-1) as PlayInfo[number]),
    url: mediaUrl(videoId, run, 'master.m3u8'),
    size: renditions.reduce((n, r) => n + r.size, 0),
    definition: 'AUTO',
  });
  // The first snapshot is the cover unless the editor chose one (a cover of an earlier run is not a choice).
  const current = (await videoRow(services.db, videoId))?.cover_url ?? null;
  const ownSnapshot = current?.startsWith(`${mediaUrl(videoId)}/`) ?? false;
  const done = await setVideoStatus(services, videoId, 'Normal', {
    from: ['Transcoding'],
    patch: {
      duration: Math.round(found.duration * 1000) / 1000,
      width: found.width,
      height: found.height,
      fail_reason: null,
      snapshots: JSON.stringify(snapshotUrls),
      play_info: JSON.stringify(playInfo),
      media_info: JSON.stringify({
        bitrate: found.bitrate,
        videoCodec: found.videoCodec,
        audioCodec: found.audioCodec,
        fps: found.fps,
      }),
      ...(current === null || ownSnapshot ? { cover_url: snapshotUrls[0] ?? null } : {}),
    },
  });
  if (!done) {
    // Deleted (or changed by another writer) while it ran: its outputs are not needed.
    await rm(out, { recursive: true, force: true });
    return;
  }
  // Earlier runs' folders (a try that died half-way, or processing before a retry) go.
  for (const name of await readdir(base))
    if (name !== run) await rm(join(base, name), { recursive: true, force: true });
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${renditions.map((r) => r.name).join(', ')})`);
}

/** The `video.process` queue of this app: at most 3 tries, 30 s then 60 s apart (LECTERN_TRANSCODE_RETRY_SECONDS). */
export function defineProcessing(services: Services) {
  services.jobs.define<ProcessJob>({
    queue: PROCESS_QUEUE,
    attempts: 3,
    retryDelaySeconds: services.media.config.retrySeconds,
    // LECTERN_TRANSCODE_TIMEOUT_SECONDS (default 2 hours): the longest one try may take.
    timeoutSeconds: services.media.config.timeoutSeconds,
    // As many tries at once as ffmpeg may run (LECTERN_TRANSCODE_CONCURRENCY).
    concurrency: services.media.config.concurrency,
    run: (data, job) => processVideo(services, data, job),
    giveUp: async (data) => {
      await setVideoStatus(services, data.videoId, 'TranscodeFail', {
        from: ['UploadSucc', 'Transcoding'],
        patch: { fail_reason: 'transcode_failed' },
      });
    },
  });
}

/** Processing starts: queued once the record says its bytes are all here. */
export async function queueProcessing(services: Services, videoId: string): Promise<void> {
  await services.jobs.send<ProcessJob>(PROCESS_QUEUE, { videoId });
}
