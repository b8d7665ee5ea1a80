import { z } from 'zod';
import { requiredRef } from '../../contract/common';
import { SECURITY_EVENT_KINDS, SECURITY_RESOURCE, type SecurityEventKind } from '../../contract/security-events';
import { pageSchemaOf } from '../../contract/spec-schema';
import { type Noun, SPECS } from '../specs';
import { AUDIT_ACTIONS, auditSpec } from './spec';

/**
 * `POST /audit/page`: admin only. Who created, changed or deleted what, and when; and the security
 * events (resource 'security', the event's kind as the action: contract/security-events.ts).
 */
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | SecurityEventKind;

const NOUNS = Object.keys(SPECS) as [Noun, ...Noun[]];

/** `from`, `to` (the spec's range): inclusive; a bare date means that whole day (UTC). */
export const auditPageSchema = pageSchemaOf(auditSpec, {
  /** Staff id of the actor. */
  actor: requiredRef.optional(),
  action: z.enum([...AUDIT_ACTIONS, ...SECURITY_EVENT_KINDS]).optional(),
  /**
   * The noun, as src/resources/specs.ts keys it: 'book', 'subclass', 'reader', 'application',
   * 'about'…; or 'security': the security events only.
   */
  resource: z.enum([...NOUNS, SECURITY_RESOURCE]).optional(),
  recordId: z.number().int().nonnegative().optional(),
});

/** A field's change; secrets (passwords) appear only as "(changed)". */
export type AuditChange = { from: unknown; to: unknown } | '(changed)';

export interface AuditEntry {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string;
  action: AuditAction;
  /** The noun (src/resources/specs.ts) whose record it was. */
  resource: string;
  recordId: number;
  changes: Record<string, AuditChange>;
  /** What the record was called at the time (title, name…); null where it has none. */
  recordTitle: string | null;
  /** Security events: the client address and its User-Agent, and the reason class; null otherwise. */
  address: string | null;
  userAgent: string | null;
  reason: string | null;
}
