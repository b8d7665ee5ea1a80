import { createHash } from 'node:crypto';
import type { Role } from '../../contract/auth';
import { sessionAlive, sessionLimits } from '../auth/session-life';
import type { AuthUser, ServiceBase } from '../context';
import { findSession } from '../db/repositories/sessions';
import type { Ops } from '../ops/state';
import type { EventsConfig } from './config';

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

/** Whether `user` may see what `roles` allow (absent: everyone signed in). */
export const maySee = (user: AuthUser, roles: readonly Role[] | undefined) =>
  !roles || user.roles.some((r) => roles.includes(r));

const TICK_MS = 1000;

/**
 * The open streams of one instance and their upkeep: every second while any is open, heartbeats,
 * session checks, what else lapses (`onTick`: presence), and the end of every stream on shutdown.
 */
export class Streams {
  private readonly clients = new Set<LiveClient>();
  private ticker: NodeJS.Timeout | null = null;

  constructor(
    private readonly services: ServiceBase,
    private readonly ops: Ops,
    private readonly config: EventsConfig,
    private readonly onTick: (now: number) => void,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  add(client: LiveClient): void {
    this.clients.add(client);
    if (this.ticker) return;
    this.ticker = setInterval(() => void this.tick(), TICK_MS);
    this.ticker.unref();
  }

  /** False when it was not open. */
  remove(client: LiveClient): boolean {
    if (!this.clients.delete(client)) return false;
    if (this.clients.size === 0) this.stopTicker();
    return true;
  }

  /** Whether another stream of the same tab is open (a quick reconnect). */
  hasOwner(owner: string): boolean {
    return [...this.clients].some((c) => c.owner === owner);
  }

  /** `text` to every stream whose user `to` accepts (absent: all). */
  send(text: string, to?: (user: AuthUser) => boolean): void {
    for (const c of this.clients) if (!to || to(c.user)) c.send(text);
  }

  /** Each stream its own message (absent: nothing for it). */
  sendEach(message: (user: AuthUser) => string | undefined): void {
    for (const c of this.clients) {
      const text = message(c.user);
      if (text) c.send(text);
    }
  }

  closeAll(): void {
    this.stopTicker();
    for (const c of [...this.clients]) c.close();
  }

  private stopTicker() {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  private async tick() {
    if (this.ops.shuttingDown) {
      for (const c of [...this.clients]) c.close();
      return;
    }
    const now = Date.now();
    this.onTick(now);
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
      return sessionAlive(s, sessionLimits(this.services.config, this.services.now()));
    } catch {
      // The database is briefly unreachable: keep the stream; the next check decides.
      return true;
    }
  }
}
