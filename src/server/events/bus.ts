import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Role } from '../../contract/auth';
import type { ChangeEvent, PresenceEditor } from '../../contract/events';
import type { ServiceBase } from '../context';
import { poolOf } from '../db/postgres';

/** The PostgreSQL channel every instance of one database LISTENs on. */
export const CHANNEL = 'lectern_events';

/** What travels between instances (NOTIFY payloads; in process on SQLite). */
export type BusMessage =
  | {
      kind: 'change';
      /** `<instance>-<seq>`: unique across instances, the SSE `id`, what Last-Event-ID names. */
      id: string;
      change: ChangeEvent;
      /** Only these roles see it (the resource's own roles: staff accounts are admin only). */
      roles?: readonly Role[];
    }
  | {
      kind: 'presence';
      /** Opaque owner of the entry (a hash of session and tab), never the token. */
      owner: string;
      resource: string;
      id: number;
      /** null: the form closed. */
      editor: PresenceEditor | null;
      roles?: readonly Role[];
    }
  /** A tab's stream ended: every record it had open loses it as an editor. */
  | { kind: 'presence-drop'; owner: string };

type Listener = (msg: BusMessage) => void;

/** How many change events each instance keeps for Last-Event-ID resumes. */
export const RING_SIZE = 1000;

/**
 * One instance's event bus: publishes messages to every instance (PostgreSQL LISTEN/NOTIFY on a
 * dedicated connection, or in process on SQLite) and keeps the most recent change events in a
 * bounded ring so a client that reconnects with Last-Event-ID gets what it missed. Every instance
 * receives every message, its own included, in one order, so all rings hold the same ids.
 */
export class EventBus {
  readonly instance = randomBytes(4).toString('hex');
  private seq = 0;
  private readonly ring: { id: string; msg: BusMessage & { kind: 'change' } }[] = [];
  /** An event fell out of the ring (or was missed while the listener reconnected). */
  private dropped = false;
  private readonly listeners = new Set<Listener>();
  /** Told when events may have been missed (the LISTEN connection was lost): clients refetch. */
  private readonly resetListeners = new Set<() => void>();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly services: ServiceBase) {}

  /** Where a client that has seen nothing yet resumes from: before everything in this ring. */
  get startId(): string {
    return `${this.instance}-0`;
  }

  /** The id of the newest change event here (what a fresh client resumes after). */
  get lastId(): string {
    return this.ring.at(-1)?.id ?? this.startId;
  }

  /**
   * Whether this ring holds every change published since this instance started to listen: on
   * SQLite always (in process); on PostgreSQL once its LISTEN connection is up (until it drops).
   */
  get hearsEverything(): boolean {
    return this.services.dialect !== 'postgres' || this.listener !== null;
  }

  nextId(): string {
    this.seq += 1;
    return `${this.instance}-${this.seq}`;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onReset(fn: () => void): () => void {
    this.resetListeners.add(fn);
    return () => this.resetListeners.delete(fn);
  }

  /**
   * The change events after `lastId`, oldest first; null when they cannot be known (the id is from
   * before this ring, from an instance whose events this one never saw, or events were lost).
   */
  since(lastId: string): (BusMessage & { kind: 'change' })[] | null {
    if (lastId === this.startId) return this.dropped ? null : this.ring.map((e) => e.msg);
    const at = this.ring.findIndex((e) => e.id === lastId);
    return at < 0 ? null : this.ring.slice(at + 1).map((e) => e.msg);
  }

  /** Send to every instance. Never throws: the write it reports has already committed. */
  async publish(msg: BusMessage): Promise<void> {
    if (this.services.dialect !== 'postgres') {
      this.receive(msg);
      return;
    }
    try {
      // Listening before the first NOTIFY: this instance's ring then holds its own events too, so
      // a client resuming here after a write made here finds them.
      await this.listen();
      // NOTIFY payloads are limited to 8000 bytes; these messages are a few hundred.
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(msg)})`.execute(this.services.db);
    } catch (err) {
      this.services.log.error('events: publishing failed; clients will miss this change until they reload:', err);
    }
  }

  private receive(msg: BusMessage) {
    if (msg.kind === 'change') {
      this.ring.push({ id: msg.id, msg });
      if (this.ring.length > RING_SIZE) {
        this.ring.shift();
        this.dropped = true;
      }
    }
    for (const fn of this.listeners) fn(msg);
  }

  /** On PostgreSQL: the LISTEN connection (started by the first stream; idempotent). */
  listen(): Promise<void> {
    if (this.services.dialect !== 'postgres' || this.closed) return Promise.resolve();
    this.listening ??= this.connect().catch((err) => {
      this.listening = null;
      this.services.log.error('events: LISTEN connection failed; retrying', err);
      this.scheduleReconnect();
    });
    return this.listening;
  }

  private async connect(): Promise<void> {
    const pool = poolOf(this.services.db);
    if (!pool) throw new Error('events: no PostgreSQL pool behind the database');
    // Its own client, not one from the pool: LISTEN holds the connection for the process's life.
    const client = new pg.Client({ ...pool.options, application_name: 'lectern-events' });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        this.receive(JSON.parse(n.payload) as BusMessage);
      } catch (err) {
        this.services.log.error('events: unreadable notification', err);
      }
    });
    const lost = (err?: Error) => {
      if (this.listener !== client || this.closed) return;
      this.listener = null;
      this.listening = null;
      this.services.log.error('events: LISTEN connection lost; reconnecting', err);
      client.end().catch(() => undefined);
      // Whatever was published meanwhile never reached this instance.
      this.dropped = true;
      this.ring.length = 0;
      for (const fn of this.resetListeners) fn();
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    if (this.closed) {
      await client.end();
      return;
    }
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private scheduleReconnect() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, 1000);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.listening?.catch(() => undefined);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
    this.listeners.clear();
    this.resetListeners.clear();
  }
}
