import type { Services } from '../../../server/services';
import { sweepHolds } from './loans';
import { publishMoved } from './transition';

export const SWEEP_QUEUE = 'application.holds-sweep';
const SWEEP_EVERY_MS = 24 * 3_600_000;

/**
 * The holds' clock (loans.ts `sweepHolds`) as a durable job, sent once a day by every instance
 * (a sweep finds nothing left to do the second time), and run directly before a list is read.
 * Sweeps of one instance never overlap: a call while one runs waits for that one.
 */
export function holdsSweep(services: Services) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweepHolds(services.db, services.dialect, services.now())
      .then((all) => {
        for (const moved of all) publishMoved(services, null, null, moved);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  services.jobs.define<{ at: string }>({
    queue: SWEEP_QUEUE,
    attempts: 3,
    retryDelaySeconds: 60,
    timeoutSeconds: 300,
    concurrency: 1,
    run: () => run(),
    giveUp: async (data, reason) => services.log.error(`holds sweep of ${data.at} gave up: ${reason}`),
  });
  // Not keeping the process alive for it: a stopped server has no holds to sweep.
  setInterval(() => {
    services.jobs
      .send(SWEEP_QUEUE, { at: services.now().toISOString() })
      .catch((err) => services.log.error('holds sweep: the job was not queued', err));
  }, SWEEP_EVERY_MS).unref();
  return { now: run };
}
