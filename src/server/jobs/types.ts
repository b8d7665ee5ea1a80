/** One kind of durable job: what runs it, how often it may be tried, and what ends it for good. */
export interface JobDefinition<T extends object> {
  /** The queue's name, e.g. `video.process`. */
  queue: string;
  /** Tries in all, the first included. */
  attempts: number;
  /** Seconds before the first retry; each next one waits twice as long. */
  retryDelaySeconds: number;
  /**
   * The longest one try may take. A try whose instance died (kill -9, a lost host) holds its job
   * only until its lease runs out (`LECTERN_JOBS_LEASE_SECONDS`), on both engines.
   */
  timeoutSeconds: number;
  /** Tries of this queue running at once in one process. */
  concurrency: number;
  run(data: T, job: JobRun): Promise<void>;
  /** Called once when the job will not be tried again (every try failed, or its last one died). */
  giveUp(data: T, reason: string): Promise<void>;
}

export interface JobRun {
  id: string;
  /** 1 for the first try. */
  attempt: number;
  /** No try follows this one if it fails. */
  last: boolean;
  /** Aborted when the process stops: the try should end quickly (it is tried again later). */
  signal: AbortSignal;
}

export interface JobBackend {
  start(defs: JobDefinition<object>[]): Promise<void>;
  send(queue: string, data: object): Promise<string>;
  stop(): Promise<void>;
}
