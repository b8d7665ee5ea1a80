import type { Role } from '../../contract/auth';
import { type ChangeEvent, type CountsEvent, LIVE_EVENTS, type PresenceEditor } from '../../contract/events';
import type { AuthUser, ServiceBase } from '../context';
import type { Ops } from '../ops/state';
import { type BusMessage, EventBus } from './bus';
import { defaultEventsConfig, type EventsConfig } from './config';
import { BadgeCounts, type CountedBadge } from './counts';
import { Presence } from './presence';
import { type LiveClient, maySee, presenceOwner, Streams, sseMessage } from './streams';

export { type LiveClient, presenceOwner, sseMessage } from './streams';

/**
 * Everything live on one instance: the bus (bus.ts), the open streams (streams.ts), who edits what
 * (presence.ts) and the menu badges (counts.ts). Presence and counts are worked out on every
 * instance from the bus's messages, so a client gets the same on whichever instance its stream
 * landed.
 */
export class LiveHub {
  readonly bus: EventBus;
  readonly config: EventsConfig;
  private readonly streams: Streams;
  private readonly presence: Presence;
  private readonly counts: BadgeCounts;
  private readonly unregisterGauge: () => void;

  constructor(services: ServiceBase, ops: Ops) {
    this.config = { ...defaultEventsConfig, ...services.config.events };
    this.streams = new Streams(services, ops, this.config, (now) => this.presence.lapse(now));
    this.presence = new Presence(this.streams);
    this.counts = new BadgeCounts(services, this.streams);
    this.bus = new EventBus(services);
    this.bus.subscribe((m) => this.onMessage(m));
    this.bus.onReset(() => this.streams.send(sseMessage(LIVE_EVENTS.reset, {})));
    this.unregisterGauge = ops.metrics.registerEventStreamClients(() => this.streams.size);
  }

  get size(): number {
    return this.streams.size;
  }

  /** The menu badges the nouns count (NounServer.badges through `badgesOf`), given by app.ts. */
  countBadges(badges: readonly CountedBadge[]): void {
    this.counts.use(badges);
  }

  /** The badges' numbers, straight from the database. */
  currentCounts(): Promise<CountsEvent> {
    return this.counts.current();
  }

  /**
   * Adds a stream and writes what it starts with: the missed events (Last-Event-ID) or a reset,
   * `ready` (whose id is where the next resume starts), the counts and who edits what.
   * Subscribing and replaying happen in one synchronous step, so no event falls between them.
   */
  async open(client: LiveClient, lastEventId: string | undefined): Promise<void> {
    await this.bus.listen();
    const counts = await this.counts.current();
    this.streams.add(client);
    if (lastEventId) {
      const missed = this.bus.since(lastEventId);
      if (missed === null) client.send(sseMessage(LIVE_EVENTS.reset, {}));
      else for (const m of missed) if (maySee(client.user, m.roles)) client.send(changeMessage(m));
    }
    client.send(sseMessage(LIVE_EVENTS.ready, { instance: this.bus.instance }, this.bus.lastId));
    client.send(this.counts.message(client.user, counts));
    this.presence.sendAll(client);
  }

  /** The stream ended (client gone, session over, shutdown): its tab stops editing everywhere. */
  remove(client: LiveClient): void {
    if (!this.streams.remove(client)) return;
    const owner = client.owner;
    // Another stream of the same tab (a quick reconnect) keeps its presence.
    if (owner && !this.streams.hasOwner(owner)) void this.bus.publish({ kind: 'presence-drop', owner });
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
    return this.presence.editorsOf(resource, id);
  }

  private onMessage(msg: BusMessage) {
    if (msg.kind === 'change') {
      this.streams.send(changeMessage(msg), (u) => maySee(u, msg.roles));
      this.counts.changed(msg.change.resource);
    } else if (msg.kind === 'presence') {
      this.presence.onPresence(msg);
    } else {
      this.presence.drop(msg.owner);
    }
  }

  async close(): Promise<void> {
    this.counts.close();
    this.streams.closeAll();
    this.unregisterGauge();
    await this.bus.close();
  }
}

const changeMessage = (m: BusMessage & { kind: 'change' }) => sseMessage(LIVE_EVENTS.change, m.change, m.id);
