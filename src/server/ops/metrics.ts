import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import client from 'prom-client';
import type { ServiceBase } from '../context';
import { poolOf } from '../db/postgres';
import type { PinoLogger } from './logger';

/** Request durations from a cached list (milliseconds) to a large upload part (a minute). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** A pause of the event loop this long or longer is a stall: counted and logged when it happens. */
export const STALL_MS = 100;
/** How often the event-loop watch looks at its histogram (and so the finest a stall is dated). */
const WATCH_MS = 1000;
/**
 * prom-client's default Node metrics name three gauges `*_total`, which Prometheus reserves for
 * counters (`promtool check metrics` refuses them); `lectern_nodejs_active_*` without the suffix
 * give the same counts by type.
 */
const MISNAMED_DEFAULTS = [
  'lectern_nodejs_active_handles_total',
  'lectern_nodejs_active_requests_total',
  'lectern_nodejs_active_resources_total',
];

export interface RequestSample {
  method: string;
  /** The route pattern (`/prod-api/book/:id`), never the concrete path: bounded label values. */
  route: string;
  status: number;
  seconds: number;
}

/**
 * Lectern's Prometheus metrics, one registry per app (tests run several apps in one process).
 * Counters the HTTP middleware feeds; gauges read at scrape time from the database and the pool,
 * so they hold across instances (sign-in failures and sessions live in shared tables) and need no
 * hooks in other modules.
 */
export class LecternMetrics {
  readonly registry = new client.Registry();
  private readonly requests: client.Counter<'method' | 'route' | 'status'>;
  private readonly duration: client.Histogram<'method' | 'route' | 'status'>;
  private readonly inFlight: client.Gauge;
  private readonly uploadBytes: client.Counter<'kind'>;
  private readonly uploadParts: client.Counter<'kind'>;
  private readonly signInFailures: client.Counter;
  private readonly signInRefusals: client.Counter;
  private readonly eventStreamSources = new Set<() => number>();
  private readonly stalls: client.Counter;
  private processMetrics = false;
  private loop: { histogram: IntervalHistogram; timer: NodeJS.Timeout } | undefined;
  /** The longest pause seen by the watch since the previous scrape, in nanoseconds. */
  private pauseSinceScrapeNs = 0;
  /** Requests being handled now (the shutdown log reports it). */
  inFlightCount = 0;

  constructor(
    services: ServiceBase,
    private readonly log: PinoLogger,
  ) {
    const registers = [this.registry];
    const self = this;
    const config = services.config;

    // Every metric is this app's own: registered in its registry, never prom-client's global one.
    const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
      new client.Counter<L>({ name, help, labelNames, registers });

    this.requests = counter(
      'lectern_http_requests_total',
      'HTTP requests answered, by method, route pattern and status',
      ['method', 'route', 'status'],
    );
    this.duration = new client.Histogram({
      name: 'lectern_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (until the handler returned its response), by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.inFlight = new client.Gauge({
      name: 'lectern_http_requests_in_flight',
      help: 'HTTP requests being handled now',
      registers,
    });
    this.uploadBytes = counter(
      'lectern_upload_bytes_total',
      'Bytes stored by the local video service (Content-Length of accepted PUTs), by kind (part, object)',
      ['kind'],
    );
    this.uploadParts = counter(
      'lectern_upload_parts_total',
      'Multipart upload parts and whole objects stored by the local video service, by kind',
      ['kind'],
    );
    this.signInFailures = counter(
      'lectern_signin_failures_total',
      'Sign-ins refused for a wrong name or password by this instance',
    );
    this.signInRefusals = counter(
      'lectern_signin_lockouts_total',
      'Sign-ins refused by this instance because the account or address reached the failure limit (429)',
    );

    this.stalls = counter(
      'lectern_eventloop_stalls_total',
      `Times the event loop was found paused for ${STALL_MS} ms or more (checked each second; each is logged with its longest pause)`,
    );
    new client.Gauge({
      name: 'lectern_eventloop_delay_max_seconds',
      help: 'Longest pause of the event loop since the previous scrape (since the watch started for the first)',
      registers,
      collect() {
        this.set(self.takePauseSinceScrape() / 1e9);
      },
    });

    new client.Gauge({
      name: 'lectern_build_info',
      help: 'Version and database engine of this instance (always 1)',
      labelNames: ['version', 'engine'],
      registers,
    }).set({ version: services.version, engine: services.dialect }, 1);

    new client.Gauge({
      name: 'lectern_event_stream_clients',
      help: 'Clients connected to the live event stream of this instance',
      registers,
      collect() {
        let n = 0;
        for (const source of self.eventStreamSources) n += source();
        this.set(n);
      },
    });

    // The pool: PostgreSQL's `pg` pool counts; SQLite has one connection, so only max and total.
    new client.Gauge({
      name: 'lectern_db_pool_connections',
      help: 'Database connections of this instance by state (total, idle, waiting = queued queries); SQLite: total only, always 1',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = poolOf(services.db);
        if (!pool) {
          this.set({ state: 'total' }, 1);
          return;
        }
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new client.Gauge({
      name: 'lectern_db_pool_max',
      help: 'Largest number of database connections this instance opens (LECTERN_DB_POOL_SIZE; SQLite: 1)',
      registers,
      collect() {
        this.set(poolOf(services.db)?.options.max ?? 1);
      },
    });

    new client.Gauge({
      name: 'lectern_sessions_active',
      help: 'Sessions used within the idle limit (LECTERN_TOKEN_IDLE_MINUTES), all instances',
      registers,
      async collect() {
        const since = new Date(services.now().getTime() - config.tokenIdleMinutes * 60_000).toISOString();
        const row = await self.scrapeQuery('sessions', () =>
          services.db
            .selectFrom('session')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('last_seen_at', '>=', since)
            .executeTakeFirst(),
        );
        if (row) this.set(Number(row.n));
      },
    });

    // Sign-in failures in the open window and locked keys, from the shared login_attempt table:
    // the same figure on every instance. Keys are 'acct:<name>' or 'ip:<address>'.
    const attempts = async () => {
      const since = new Date(services.now().getTime() - config.loginWindowSeconds * 1000).toISOString();
      const rows = await self.scrapeQuery('sign-in attempts', () =>
        sql<{ scope: string; failures: number | null; locked: number | null }>`
          select case when ${sql.ref('key')} like 'acct:%' then 'account' else 'address' end as scope,
                 sum(failures) as failures,
                 sum(case when failures >= ${config.loginMaxFailures} then 1 else 0 end) as locked
          from login_attempt where window_start >= ${since} group by 1`.execute(services.db),
      );
      return rows?.rows ?? null;
    };
    // Both gauges read the same query; a scope with no rows is 0, not absent.
    const bySignInScope = (
      name: string,
      help: string,
      value: (r: { failures: number | null; locked: number | null }) => number | null,
    ) =>
      new client.Gauge({
        name,
        help,
        labelNames: ['scope'],
        registers,
        async collect() {
          const rows = await attempts();
          if (!rows) return;
          this.set({ scope: 'account' }, 0);
          this.set({ scope: 'address' }, 0);
          for (const r of rows) this.set({ scope: r.scope }, Number(value(r) ?? 0));
        },
      });
    bySignInScope(
      'lectern_signin_failures_in_window',
      'Failed sign-ins counted in the open window (LECTERN_LOGIN_WINDOW_SECONDS), by scope (account, address), all instances',
      (r) => r.failures,
    );
    bySignInScope(
      'lectern_signin_locked',
      'Accounts and addresses refused sign-in now (failures reached LECTERN_LOGIN_MAX_FAILURES), by scope, all instances',
      (r) => r.locked,
    );
  }

  /** A scrape-time query; a failing database leaves that gauge out instead of failing the scrape. */
  private async scrapeQuery<T>(what: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (err) {
      this.log.warn({ err }, `metrics: could not read ${what}`);
      return null;
    }
  }

  requestStarted(): void {
    this.inFlightCount++;
    this.inFlight.inc();
  }

  requestFinished(s: RequestSample): void {
    this.inFlightCount--;
    this.inFlight.dec();
    const labels = { method: s.method, route: s.route, status: String(s.status) };
    this.requests.inc(labels);
    this.duration.observe(labels, s.seconds);
  }

  uploadStored(kind: 'part' | 'object', bytes: number): void {
    this.uploadParts.inc({ kind });
    this.uploadBytes.inc({ kind }, bytes);
  }

  signInFailed(): void {
    this.signInFailures.inc();
  }

  signInLockedOut(): void {
    this.signInRefusals.inc();
  }

  /**
   * For the live event stream: `source` returns how many clients it holds now; read at each scrape.
   * Returns the function that removes it again.
   */
  registerEventStreamClients(source: () => number): () => void {
    this.eventStreamSources.add(source);
    return () => {
      this.eventStreamSources.delete(source);
    };
  }

  /**
   * Watches the event loop: every pause of STALL_MS or more is counted and logged as it happens
   * (not only when Prometheus scrapes), and the longest pause feeds `lectern_eventloop_delay_max_seconds`.
   * main.ts starts it with the server; a first scrape starts it too. Idempotent.
   */
  watchEventLoop(): void {
    if (this.loop) return;
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const timer = setInterval(() => this.checkEventLoop(), WATCH_MS);
    // The watch must not keep a process alive that has nothing else to do.
    timer.unref();
    this.loop = { histogram, timer };
  }

  /** Stops the watch (an app closed in a process that goes on, as in tests). */
  stopWatchingEventLoop(): void {
    if (!this.loop) return;
    clearInterval(this.loop.timer);
    this.loop.histogram.disable();
    this.loop = undefined;
  }

  private checkEventLoop(): void {
    const h = this.loop?.histogram;
    if (!h || h.count === 0) return;
    // The histogram measures how late its own 10 ms timer fired, so the resolution is not a pause.
    const pauseNs = Math.max(0, h.max - 10e6);
    h.reset();
    this.pauseSinceScrapeNs = Math.max(this.pauseSinceScrapeNs, pauseNs);
    if (pauseNs < STALL_MS * 1e6) return;
    this.stalls.inc();
    this.log.warn({ pauseMs: Math.round(pauseNs / 1e6) }, 'event loop stalled: no request was answered meanwhile');
  }

  private takePauseSinceScrape(): number {
    this.checkEventLoop();
    const ns = this.pauseSinceScrapeNs;
    this.pauseSinceScrapeNs = 0;
    return ns;
  }

  /** The exposition text. Process metrics start with the first scrape (nothing to sample before). */
  async render(): Promise<{ contentType: string; body: string }> {
    this.watchEventLoop();
    if (!this.processMetrics) {
      this.processMetrics = true;
      client.collectDefaultMetrics({ register: this.registry, prefix: 'lectern_' });
      for (const name of MISNAMED_DEFAULTS) this.registry.removeSingleMetric(name);
    }
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
