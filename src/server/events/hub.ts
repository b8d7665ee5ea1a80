import { createHash } from 'node:crypto';
import type { Role } from '../../contract/auth';
import {
  type ChangeEvent,
  type CountsEvent,
  LIVE_EVENTS,
  PRESENCE_TTL_MS,
  type PresenceEditor,
  type PresenceEvent,
} from '../../contract/events';
import type { AuthUser, ServiceBase } from '../context';
import { findSession } from '../db/repositories/sessions';
import type { Ops } from '../ops/state';
import { type BusMessage, EventBus } from './bus';
import { defaultEventsConfig, type EventsConfig } from './config';

/** One open stream: a signed-in tab. */
export interface LiveClient {
  user: AuthUser;
  /** Presence owner of this tab (a hash of its session and tab id); none without a tab id. */
  owner?: string;
  send(text: string): void;
  close(): void;
  nextHeartbeat: number;
  nextSessionCheck: number;
}

export const presenceOwner = (tokenHash: string, clientId: string) =>
  createHash('sha256').update(`${tokenHash}:${clientId}`).digest('hex').slice(0, 32);

export const sseMessage = (event: string, data: unknown, id?: string) =>
  `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

const maysee = (user: AuthUser, roles: readonly Role[] | undefined) =>
  !roles || user.roles.some((r) => roles.includes(r));

const TICK_MS = 1000;

/**
 * Everything live on one instance: the bus, the open streams, who edits what, the menu counts.
 * Counts and presence are worked out on every instance from the bus's messages, so a client gets
 * the same on whichever instance its stream landed.
 */
export class LiveHub {
  readonly bus: EventBus;
  readonly config: EventsConfig;
  private readonly clients = new Set<LiveClient>();
  /** `resource:id` → owner → editor and when the entry lapses (epoch ms). */
  private readonly presence = new Map<
    string,
    Map<string, { editor: PresenceEditor; expires: number; roles?: readonly Role[] }>
  >();
  private counts: CountsEvent | null = null;
  private countsTimer: NodeJS.Timeout | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private readonly unregisterGauge: () => void;

  constructor(
    private readonly services: ServiceBase,
    private readonly ops: Ops,
  ) {
    this.config = { ...defaultEventsConfig, ...services.config.events };
    this.bus = new EventBus(services);
    this.bus.subscribe((m) => this.onMessage(m));
    this.bus.onReset(() => this.broadcast(sseMessage(LIVE_EVENTS.reset, {})));
    this.unregisterGauge = ops.metrics.registerEventStreamClients(() => this.clients.size);
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * Adds a stream and writes what it starts with: the missed events (Last-Event-ID) or a reset,
   * `ready` (whose id is where the next resume starts), the counts and who edits what.
   * Subscribing and replaying happen in one synchronous step, so no event falls between them.
   */
  async open(client: LiveClient, lastEventId: string | undefined): Promise<void> {
    await this.bus.listen();
    const counts = await this.currentCounts();
    this.clients.add(client);
    this.startTicker();
    if (lastEventId) {
      const missed = this.bus.since(lastEventId);
      if (missed === null) client.send(sseMessage(LIVE_EVENTS.reset, {}));
      else for (const m of missed) if (maysee(client.user, m.roles)) client.send(changeMessage(m));
    }
    client.send(sseMessage(LIVE_EVENTS.ready, { instance: this.bus.instance }, this.bus.lastId));
    client.send(sseMessage(LIVE_EVENTS.counts, counts));
    for (const [key, entries] of this.presence) {
      const ev = this.presenceEvent(key, entries);
      if (ev.editors.length > 0 && mayseePresence(client.user, entries))
        client.send(sseMessage(LIVE_EVENTS.presence, ev));
    }
  }

  /** The stream ended (client gone, session over, shutdown): its tab stops editing everywhere. */
  remove(client: LiveClient): void {
    if (!this.clients.delete(client)) return;
    const owner = client.owner;
    // Another stream of the same tab (a quick reconnect) keeps its presence.
    if (owner && ![...this.clients].some((c) => c.owner === owner)) {
      void this.bus.publish({ kind: 'presence-drop', owner });
    }
    if (this.clients.size === 0) this.stopTicker();
  }

  publishChange(change: ChangeEvent, roles?: readonly Role[]): Promise<void> {
    return this.bus.publish({ kind: 'change', id: this.bus.nextId(), change, roles });
  }

  publishPresence(
    user: AuthUser,
    clientId: string,
    resource: string,
    id: number,
    editing: boolean,
    roles?: readonly Role[],
  ) {
    const owner = presenceOwner(user.tokenHash, clientId);
    const editor = editing ? { clientId, staffId: user.staffId, name: user.name || user.userName } : null;
    return this.bus.publish({ kind: 'presence', owner, resource, id, editor, roles });
  }

  /** Who edits one record now (the answer to POST /presence). */
  editorsOf(resource: string, id: number): PresenceEditor[] {
    const key = `${resource}:${id}`;
    const entries = this.presence.get(key);
    return entries ? this.presenceEvent(key, entries).editors : [];
  }

  private onMessage(msg: BusMessage) {
    if (msg.kind === 'change') {
      const text = changeMessage(msg);
      for (const c of this.clients) if (maysee(c.user, msg.roles)) c.send(text);
      if (msg.change.resource === 'application' || msg.change.resource === 'message') this.scheduleCounts();
    } else if (msg.kind === 'presence') {
      const key = `${msg.resource}:${msg.id}`;
      let entries = this.presence.get(key);
      if (msg.editor) {
        if (!entries) {
          entries = new Map();
          this.presence.set(key, entries);
        }
        entries.set(msg.owner, { editor: msg.editor, expires: Date.now() + PRESENCE_TTL_MS, roles: msg.roles });
      } else if (!entries?.delete(msg.owner)) {
        return;
      }
      this.sendPresence(key);
    } else {
      for (const [key, entries] of this.presence) if (entries.delete(msg.owner)) this.sendPresence(key);
    }
  }

  private presenceEvent(key: string, entries: Map<string, { editor: PresenceEditor }>): PresenceEvent {
    const cut = key.lastIndexOf(':');
    return {
      resource: key.slice(0, cut),
      id: Number(key.slice(cut + 1)),
      editors: [...entries.values()].map((e) => e.editor),
    };
  }

  private sendPresence(key: string) {
    const entries = this.presence.get(key) ?? new Map();
    const text = sseMessage(LIVE_EVENTS.presence, this.presenceEvent(key, entries));
    for (const c of this.clients) if (mayseePresence(c.user, entries)) c.send(text);
    if (entries.size === 0) this.presence.delete(key);
  }

  private broadcast(text: string) {
    for (const c of this.clients) c.send(text);
  }

  /** The badges' numbers, straight from the database (one indexed count each). */
  async currentCounts(): Promise<CountsEvent> {
    const { db } = this.services;
    const [apply, online] = await Promise.all([
      db
        .selectFrom('application')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('message')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'unread')
        .executeTakeFirstOrThrow(),
    ]);
    this.counts = { pendingApplications: Number(apply.n), unreadMessages: Number(online.n) };
    return this.counts;
  }

  /** Several writes in a burst (an import, a batch) give one recount. */
  private scheduleCounts() {
    if (this.countsTimer || this.clients.size === 0) return;
    this.countsTimer = setTimeout(() => {
      this.countsTimer = null;
      const before = JSON.stringify(this.counts);
      this.currentCounts()
        .then((counts) => {
          if (JSON.stringify(counts) !== before) this.broadcast(sseMessage(LIVE_EVENTS.counts, counts));
        })
        .catch((err) => this.services.log.error('events: counting failed', err));
    }, 50);
  }

  private startTicker() {
    if (this.ticker) return;
    this.ticker = setInterval(() => void this.tick(), TICK_MS);
    this.ticker.unref();
  }

  private stopTicker() {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Heartbeats, session checks, lapsed presence, and the end of every stream on shutdown. */
  private async tick() {
    if (this.ops.shuttingDown) {
      for (const c of [...this.clients]) c.close();
      return;
    }
    const now = Date.now();
    for (const [key, entries] of this.presence) {
      let changed = false;
      for (const [owner, e] of entries) {
        if (e.expires <= now) {
          entries.delete(owner);
          changed = true;
        }
      }
      if (changed) this.sendPresence(key);
    }
    for (const c of [...this.clients]) {
      if (now >= c.nextHeartbeat) {
        c.nextHeartbeat = now + this.config.heartbeatMs;
        c.send(': heartbeat\n\n');
      }
      if (now >= c.nextSessionCheck) {
        c.nextSessionCheck = now + this.config.sessionCheckMs;
        if (!(await this.sessionAlive(c.user.tokenHash))) c.close();
      }
    }
  }

  /** Read only: an open stream is not a request, so it does not keep an idle session alive. */
  private async sessionAlive(tokenHash: string): Promise<boolean> {
    try {
      const s = await findSession(this.services.db, tokenHash);
      if (s?.status !== 'active') return false;
      const idleMs = this.services.config.tokenIdleMinutes * 60_000;
      return Date.parse(s.last_seen_at) >= this.services.now().getTime() - idleMs;
    } catch {
      // The database is briefly unreachable: keep the stream; the next check decides.
      return true;
    }
  }

  async close(): Promise<void> {
    this.stopTicker();
    if (this.countsTimer) clearTimeout(this.countsTimer);
    for (const c of [...this.clients]) c.close();
    this.unregisterGauge();
    await this.bus.close();
  }
}

function mayseePresence(user: AuthUser, entries: Map<string, { roles?: readonly Role[] }>) {
  return maysee(user, entries.values().next().value?.roles);
}

const changeMessage = (m: BusMessage & { kind: 'change' }) => sseMessage(LIVE_EVENTS.change, m.change, m.id);
