import type { ServiceBase, Services } from './context';
import { LiveHub } from './events/hub';
import { Files } from './files/store';
import { Jobs } from './jobs';
import { Ops, type OpsDeps } from './ops';
import { defaultVodConfig } from './vod/config';

/** What main.ts and the test server hand over; the clock and start time default to the real ones. */
export type ServicesConfig = Omit<ServiceBase, 'now' | 'startedAt'> &
  Partial<Pick<ServiceBase, 'now' | 'startedAt'>> & {
    /** The process logger for access lines (ops/); absent: silent. */
    ops?: OpsDeps;
  };

/**
 * Builds the app's services once, each from the base and the services it needs (ops first: the
 * event hub counts its streams in ops' metrics and stops them when ops drains). Nothing here opens
 * a connection or starts a timer: the event bus listens on first use, jobs start on `start()`.
 */
export function createServices(config: ServicesConfig): Services {
  const { ops: opsDeps, ...rest } = config;
  const base: ServiceBase = {
    ...rest,
    now: config.now ?? (() => new Date()),
    startedAt: config.startedAt ?? new Date(),
  };
  const ops = new Ops(base, opsDeps);
  const events = new LiveHub(base, ops);
  const jobs = new Jobs(base);
  return {
    ...base,
    ops,
    events,
    jobs,
    vod: base.config.vod ?? defaultVodConfig,
    files: new Files(base.dataDir, base.config.storageReserveBytes, base.diskFaults),
    async close() {
      await jobs.stop();
      await events.close();
      ops.metrics.stopWatchingEventLoop();
    },
  };
}
