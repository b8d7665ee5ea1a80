import { classifyError } from './errors';
import { type StoredCheckpoint, toUploadPoint } from './persist';
import type { UploadEvent, UploadSnapshot } from './protocol';
import type { VodClient } from './vod-client';

/**
 * Progress on its way out of the worker: to the UI as snapshots (throttled: ali-oss reports every
 * part, hundreds a second on a fast link, and the UI needs a few frames a second) and to the video
 * service (ReportUploadProgress at most once a second per item; GetUploadProgress when a known file
 * comes back). Speed and time left are computed from the samples by the reducer (queue.ts: `sample`,
 * `timeLeft`).
 */
// Four a second: what the page applies at most (page-updates.ts), so none is posted in vain.
export const SNAPSHOT_EVERY_MS = 250;
export const REPORT_EVERY_MS = 1000;

export class SnapshotPoster {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly post: (e: UploadEvent) => void,
    private readonly state: () => UploadSnapshot,
  ) {}

  /** Posts the state now (any pending throttled post is folded into this one). */
  now(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.post({ type: 'snapshot', state: this.state() });
  }

  /** Posts the state within {@link SNAPSHOT_EVERY_MS}, once however many changes come meanwhile. */
  soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.now(), SNAPSHOT_EVERY_MS);
  }
}

export interface ReporterHost {
  now(): number;
  /** False once the service refused our UserId. */
  enabled(): boolean;
  /** The service refused our UserId: progress reporting is turned off. */
  userIdInvalid(): void;
  warn(message: string): void;
}

export class ProgressReporter {
  private readonly reportedAt = new Map<string, number>();

  constructor(private readonly host: ReporterHost) {}

  /** ReportUploadProgress of the item's checkpoint, at most every {@link REPORT_EVERY_MS}. */
  report(id: string, vod: VodClient, rec: StoredCheckpoint): void {
    if (!this.host.enabled() || !rec.videoId) return;
    const last = this.reportedAt.get(id) ?? 0;
    if (this.host.now() - last < REPORT_EVERY_MS) return;
    this.reportedAt.set(id, this.host.now());
    vod
      .reportUploadProgress({
        FileHash: rec.fileHash,
        FileName: rec.fileName,
        FileSize: rec.size,
        UploadPoint: toUploadPoint(rec),
        VideoId: rec.videoId,
      })
      .catch((e: Error) => {
        if (classifyError(e) === 'invalid-user-id') this.host.userIdInvalid();
        else this.host.warn(`ReportUploadProgress: ${e.message}`);
      });
  }

  /** GetUploadProgress for a file hash; a refused UserId turns progress reporting off. */
  async known(vod: VodClient, hash: string) {
    try {
      return await vod.getUploadProgress(hash);
    } catch (e) {
      if (classifyError(e as Error) === 'invalid-user-id') this.host.userIdInvalid();
      else if (classifyError(e as Error) !== 'failure') throw e;
      else this.host.warn(`GetUploadProgress: ${String((e as Error).message)}`);
      return null;
    }
  }
}
