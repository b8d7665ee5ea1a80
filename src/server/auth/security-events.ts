import type { Kysely } from 'kysely';
import { SECURITY_RESOURCE, type SecurityEventKind, SIGN_IN_KINDS } from '../../contract/security-events';
import type { Database } from '../db/schema';
import { requestContext } from '../ops/logger';
import type { Services } from '../services';

/** What an attempted account name is cut to: enough to recognise, too short to carry a pasted secret. */
const ATTEMPTED_NAME_MAX = 64;
const USER_AGENT_MAX = 300;
/** Old events are purged by the first sign-in after this much time, per instance. */
const PURGE_EVERY_MS = 3_600_000;
export const DEFAULT_SECURITY_EVENTS_DAYS = 365;

export interface SecurityEvent {
  kind: SecurityEventKind;
  reason?: string | null;
  /** The account concerned; null when the name matched none (then `attemptedName` names it). */
  account: { id: number; userName: string } | null;
  /** The typed account name of a sign-in whose name matched no account. */
  attemptedName?: string;
  /** Who did it: the member, an admin; null: the server itself (expiry) or an unknown client. */
  actor?: { id: number; userName: string } | null;
  address?: string | null;
  userAgent?: string | null;
  /** Extra detail in the trail's usual change shape (a lock's end). */
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** Default: the services' clock. */
  at?: Date;
}

const cut = (s: string, max: number) => Array.from(s).slice(0, max).join('');

/** The audit row of an event (the shape of every trail row, plus address, browser and reason). */
function eventRow(services: Pick<Services, 'now'>, e: SecurityEvent) {
  // Not given: the request being handled, if any (an admin's write ending a member's sessions).
  const client = e.address === undefined ? requestContext.getStore()?.client?.() : undefined;
  const attempted = cut((e.attemptedName ?? '').trim(), ATTEMPTED_NAME_MAX);
  const actor = e.actor === undefined ? (e.kind === 'sign_in_failed' ? null : e.account) : e.actor;
  return {
    at: (e.at ?? services.now()).toISOString(),
    actor_id: actor?.id ?? null,
    // A failed attempt's actor is whoever typed the name: not proven to be the account's member.
    actor_name: actor?.userName ?? (e.kind === 'sign_in_failed' ? attempted || '?' : 'system'),
    action: e.kind,
    resource: SECURITY_RESOURCE,
    record_id: e.account?.id ?? 0,
    record_title: e.account?.userName ?? (attempted || null),
    changes: JSON.stringify(e.changes ?? {}),
    reason: e.reason ?? null,
    address: e.address ?? client?.address ?? null,
    user_agent: cut(e.userAgent ?? client?.userAgent ?? '', USER_AGENT_MAX) || null,
  };
}

/**
 * Writes events inside a transaction of their own cause (an admin's disabling, a password change):
 * the event and its cause commit together.
 */
export async function writeSecurityEvents(
  trx: Kysely<Database>,
  services: Pick<Services, 'now'>,
  events: SecurityEvent[],
) {
  if (events.length > 0)
    await trx
      .insertInto('audit_log')
      .values(events.map((e) => eventRow(services, e)))
      .execute();
}

/**
 * Records an event outside any transaction (a sign-in, a refusal, an expiry). Never throws: the
 * trail failing must not turn a good sign-in into an error, nor a refusal into a 500; it is logged.
 */
export async function recordSecurityEvent(services: Services, e: SecurityEvent): Promise<void> {
  try {
    await writeSecurityEvents(services.db, services, [e]);
  } catch (err) {
    services.log.error(`Could not write the security event ${e.kind} to the audit trail`, err);
  }
}

/** LECTERN_SECURITY_EVENTS_DAYS: how long security events are kept. */
export const securityEventsDays = (services: Pick<Services, 'config'>) =>
  services.config.securityEventsDays ?? DEFAULT_SECURITY_EVENTS_DAYS;

/** Deletes security events older than the retention; record changes are never purged. Returns the count. */
export async function purgeSecurityEvents(services: Pick<Services, 'db' | 'config' | 'now'>): Promise<number> {
  const before = new Date(services.now().getTime() - securityEventsDays(services) * 86_400_000).toISOString();
  const res = await services.db
    .deleteFrom('audit_log')
    .where('resource', '=', SECURITY_RESOURCE)
    .where('at', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

const lastPurge = new WeakMap<object, number>();

/** Purges at most once an hour per app (the first sign-in after it), never failing the sign-in. */
export async function purgeSecurityEventsNow(services: Services): Promise<void> {
  const now = services.now().getTime();
  if (now - (lastPurge.get(services) ?? Number.NEGATIVE_INFINITY) < PURGE_EVERY_MS) return;
  lastPurge.set(services, now);
  await purgeSecurityEvents(services).catch((err: unknown) =>
    services.log.error('Could not purge old security events', err),
  );
}

/** The member's own last sign-ins (successes and failures on the account), newest first. */
export function recentSignIns(db: Kysely<Database>, staffId: number, limit = 10) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'at', 'action', 'reason', 'address', 'user_agent'])
    .where('resource', '=', SECURITY_RESOURCE)
    .where('record_id', '=', staffId)
    .where('action', 'in', [...SIGN_IN_KINDS])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Which kind of sign-in limit key locked, as a lockout event's reason (login-attempts.ts keys). */
const LOCK_REASONS: Record<string, string> = {
  acct: 'account',
  ip: 'address',
  dev: 'device',
  pwd: 'password_check',
};

/** One lockout event per key a failure locked, with the lock's end; never the key (a device nonce). */
export function lockoutEvents(locked: { key: string; until: string }[], base: SecurityEvent): SecurityEvent[] {
  return locked.map(({ key, until }) => ({
    ...base,
    kind: 'lockout',
    // The server locked it, not whoever typed the last wrong password.
    actor: null,
    reason: LOCK_REASONS[key.slice(0, key.indexOf(':'))] ?? 'account',
    changes: { lockedUntil: { from: null, to: until } },
  }));
}
