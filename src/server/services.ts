import type { ServiceBase } from './context';
import { LiveHub } from './events/hub';
import { Files } from './files/store';
import { Jobs } from './jobs';
import { defaultMediaConfig } from './media/config';
import { Media } from './media/ffmpeg';
import { Ops, type OpsDeps } from './ops/state';
import { defaultVodConfig } from './vod/config';

/** What main.ts and the test server hand over; the clock and start time default to the real ones. */
export type ServicesConfig = Omit<ServiceBase, 'now' | 'startedAt'> &
  Partial<Pick<ServiceBase, 'now' | 'startedAt'>> & {
    /** The process logger for access lines (ops/); absent: silent. */
    ops?: OpsDeps;
  };

/**
 * The app's services, built once by `createServices` and handed to every route, noun and
 * infrastructure piece that needs them: several apps in one process (the tests, a second
 * instance) each have their own. Derived from what `createServices` returns, so the services
 * themselves (built from `ServiceBase`, context.ts) never import this type back.
 */
export type Services = ReturnType<typeof createServices>;

/**
 * Builds the app's services once, each from the base and the services it needs (ops first: the
 * event hub counts its streams in ops' metrics and stops them when ops drains). Nothing here opens
 * a connection or starts a timer: the event bus listens on first use, jobs start on `start()`.
 */
export function createServices(config: ServicesConfig) {
  const { ops: opsDeps, ...rest } = config;
  const base: ServiceBase = {
    ...rest,
    now: config.now ?? (() => new Date()),
    startedAt: config.startedAt ?? new Date(),
  };
  const ops = new Ops(base, opsDeps);
  const events = new LiveHub(base, ops);
  const jobs = new Jobs(base, base.config.jobs);
  return {
    ...base,
    /** Logger, metrics and the draining flag (ops/). */
    ops,
    /** The live streams and presence (events/); writes publish their changes through it. */
    events,
    /** Durable background jobs (jobs/). */
    jobs,
    /** The video service's settings, defaults filled in (vod/config.ts). */
    vod: base.config.vod ?? defaultVodConfig,
    /** ffmpeg and ffprobe under the app's cap (media/). */
    media: new Media(base.config.media ?? defaultMediaConfig()),
    /** Where uploaded files go and how much of the disk stays free (files/). */
    files: new Files(base.dataDir, base.config.storageReserveBytes, base.diskFaults),
    /** Stops what the services started (jobs, streams, the event-loop watch); the database stays open. */
    async close(): Promise<void> {
      await jobs.stop();
      await events.close();
      ops.metrics.stopWatchingEventLoop();
    },
  };
}
