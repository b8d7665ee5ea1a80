/**
 * The live event stream (`GET /prod-api/events`, docs/api-additions.md) and presence
 * (`POST /prod-api/presence`): shared by the server and the console. No zod here, so the
 * console's shell does not load it; the request schema is the server's (server/events/schema.ts).
 */

/** A record was created, updated or deleted (after its transaction committed). */
export interface ChangeEvent {
  /** The noun, as src/resources/specs.ts keys it ('book', 'subclass', 'application'…), not its API path. */
  resource: string;
  id: number;
  /** The record's version after the write; null after a delete. */
  version: number | null;
  action: 'create' | 'update' | 'delete';
  actor: { id: number; name: string };
}

/**
 * What the menu badges show; sent on connect and whenever it changes. Each number is a noun's
 * (its server part's `badges`), counted again after a change event of a noun that may move it
 * (pending applications: `application`; unread messages: `message`).
 */
export interface CountsEvent {
  pendingApplications: number;
  unreadMessages: number;
  /** Approved loans past their due date (docs/api-additions.md, "The lending desk"); also recounted every minute. */
  overdueLoans: number;
}

export interface PresenceEditor {
  /** The editing tab (random per console tab), so a tab can leave itself out. */
  clientId: string;
  staffId: number;
  name: string;
}

/** Everyone who has one record's edit form open right now (empty: nobody). */
export interface PresenceEvent {
  /** The noun, as in ChangeEvent. */
  resource: string;
  id: number;
  editors: PresenceEditor[];
}

/** Event names on the wire (`event:` lines). */
export const LIVE_EVENTS = {
  change: 'change',
  counts: 'counts',
  presence: 'presence',
  /** The missed events could not be replayed (too old, or another instance): refetch everything. */
  reset: 'reset',
  /** First event of every connection; its `id` is where a resume starts. */
  ready: 'ready',
} as const;

/** The console repeats its presence this often; the server forgets it after PRESENCE_TTL_MS. */
export const PRESENCE_REFRESH_MS = 20_000;
export const PRESENCE_TTL_MS = 60_000;

/** `POST /prod-api/presence` body. */
export interface PresenceInput {
  /** The noun, as in ChangeEvent. */
  resource: string;
  id: number;
  /** The editing tab: letters, digits, '-' and '_', 8-64 characters (crypto.randomUUID fits). */
  clientId: string;
  /** true while the form is open (sent again every PRESENCE_REFRESH_MS), false when it closes. */
  editing: boolean;
}

/**
 * On every other API answer (docs/api-additions.md): the live stream's position when the request
 * began, so a stream opened later resumes from there (`Last-Event-ID`) and replays only what
 * changed since the data was read, instead of the console fetching everything again.
 */
export const EVENT_POSITION_HEADER = 'X-Lectern-Event-Position';
