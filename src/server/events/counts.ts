import type { Role } from '../../contract/auth';
import { type CountsEvent, LIVE_EVENTS } from '../../contract/events';
import type { AuthUser, ServiceBase } from '../context';
import type { Badge, NounServers } from '../http/noun';
import { maySee, type Streams, sseMessage } from './streams';

/** A noun's badge as the stream counts it: the nouns whose changes move it, who sees it. */
export interface CountedBadge {
  key: keyof CountsEvent;
  count: Badge['count'];
  staleOn: ReadonlySet<string>;
  roles?: readonly Role[];
  refreshMs?: number;
}

/** Every noun's badges (NounServer.badges): stale on the noun's own changes, seen as its records are. */
export function badgesOf(nouns: NounServers): CountedBadge[] {
  return Object.entries(nouns).flatMap(([noun, n]) =>
    (n.badges ?? []).map((b) => ({
      key: b.key,
      count: b.count,
      staleOn: new Set(b.staleOn ?? [noun]),
      roles: b.roles ?? n.resource?.roles,
      refreshMs: b.refreshMs,
    })),
  );
}

/** The menu badges' numbers (the `counts` event): on connect, and again after a change moves them. */
export class BadgeCounts {
  private badges: readonly CountedBadge[] = [];
  private last: CountsEvent | null = null;
  private timer: NodeJS.Timeout | null = null;
  private clock: NodeJS.Timeout | null = null;

  constructor(
    private readonly services: ServiceBase,
    private readonly streams: Streams,
  ) {}

  /** The app's badges, given once its nouns are built (app.ts). */
  use(badges: readonly CountedBadge[]): void {
    this.badges = badges;
    // A badge that time alone moves (a loan falls overdue without any write) is counted on a clock.
    const every = Math.min(...badges.flatMap((b) => (b.refreshMs ? [b.refreshMs] : [])));
    if (Number.isFinite(every) && !this.clock) {
      this.clock = setInterval(() => this.recount(), every);
      this.clock.unref();
    }
  }

  /** Every badge's number, straight from the database (one indexed count each). */
  async current(): Promise<CountsEvent> {
    const numbers = await Promise.all(this.badges.map((b) => b.count(this.services.db)));
    this.last = Object.fromEntries(this.badges.map((b, i) => [b.key, numbers[i]])) as unknown as CountsEvent;
    return this.last;
  }

  /** The `counts` event for one user: the badges its roles may see. */
  message(user: AuthUser, counts: CountsEvent): string {
    const seen = Object.fromEntries(
      this.badges.filter((b) => maySee(user, b.roles)).map((b) => [b.key, counts[b.key]]),
    );
    return sseMessage(LIVE_EVENTS.counts, seen);
  }

  /** A record of `resource` changed: the badges it may move are counted again (once for a burst). */
  changed(resource: string): void {
    if (!this.badges.some((b) => b.staleOn.has(resource))) return;
    if (this.timer || this.streams.size === 0) return;
    // Several writes in a burst (an import, a batch) give one recount.
    this.timer = setTimeout(() => {
      this.timer = null;
      this.recount();
    }, 50);
  }

  /** Counts again and sends the numbers to every stream if they moved. */
  private recount(): void {
    if (this.streams.size === 0) return;
    const before = JSON.stringify(this.last);
    this.current()
      .then((counts) => {
        if (JSON.stringify(counts) !== before) this.streams.sendEach((user) => this.message(user, counts));
      })
      .catch((err) => this.services.log.error('events: counting failed', err));
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.clock) clearInterval(this.clock);
  }
}
