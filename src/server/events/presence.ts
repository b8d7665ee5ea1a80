import type { Role } from '../../contract/auth';
import { LIVE_EVENTS, PRESENCE_TTL_MS, type PresenceEditor, type PresenceEvent } from '../../contract/events';
import type { AuthUser } from '../context';
import type { BusMessage } from './bus';
import { type LiveClient, maySee, type Streams, sseMessage } from './streams';

interface Entry {
  editor: PresenceEditor;
  /** When it lapses (epoch ms) unless repeated. */
  expires: number;
  roles?: readonly Role[];
}

/**
 * Who edits what, worked out on every instance from the bus's messages (so a tab sees the same on
 * whichever instance its stream landed) and sent to the streams allowed to see the record.
 */
export class Presence {
  /** `resource:id` → owner → entry. */
  private readonly entries = new Map<string, Map<string, Entry>>();

  constructor(private readonly streams: Streams) {}

  /** A tab opened or closed a record's form (`editor` null). */
  onPresence(msg: BusMessage & { kind: 'presence' }): void {
    const key = `${msg.resource}:${msg.id}`;
    let entries = this.entries.get(key);
    if (msg.editor) {
      if (!entries) {
        entries = new Map();
        this.entries.set(key, entries);
      }
      entries.set(msg.owner, { editor: msg.editor, expires: Date.now() + PRESENCE_TTL_MS, roles: msg.roles });
    } else if (!entries?.delete(msg.owner)) {
      return;
    }
    this.send(key);
  }

  /** A tab's last stream ended: it edits nothing any more. */
  drop(owner: string): void {
    for (const [key, entries] of this.entries) if (entries.delete(owner)) this.send(key);
  }

  /** Entries not repeated in time go. */
  lapse(now: number): void {
    for (const [key, entries] of this.entries) {
      let changed = false;
      for (const [owner, e] of entries) {
        if (e.expires <= now) {
          entries.delete(owner);
          changed = true;
        }
      }
      if (changed) this.send(key);
    }
  }

  /** Who edits one record now (the answer to POST /presence). */
  editorsOf(resource: string, id: number): PresenceEditor[] {
    const key = `${resource}:${id}`;
    const entries = this.entries.get(key);
    return entries ? eventOf(key, entries).editors : [];
  }

  /** What a new stream starts with: every record being edited that it may see. */
  sendAll(client: LiveClient): void {
    for (const [key, entries] of this.entries) {
      const ev = eventOf(key, entries);
      if (ev.editors.length > 0 && maySeeEntries(client.user, entries))
        client.send(sseMessage(LIVE_EVENTS.presence, ev));
    }
  }

  private send(key: string) {
    const entries = this.entries.get(key) ?? new Map<string, Entry>();
    this.streams.send(sseMessage(LIVE_EVENTS.presence, eventOf(key, entries)), (u) => maySeeEntries(u, entries));
    if (entries.size === 0) this.entries.delete(key);
  }
}

function eventOf(key: string, entries: Map<string, Entry>): PresenceEvent {
  const cut = key.lastIndexOf(':');
  return {
    resource: key.slice(0, cut),
    id: Number(key.slice(cut + 1)),
    editors: [...entries.values()].map((e) => e.editor),
  };
}

const maySeeEntries = (user: AuthUser, entries: Map<string, Entry>) =>
  maySee(user, entries.values().next().value?.roles);
