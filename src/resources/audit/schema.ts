import { z } from 'zod';
import { requiredRef } from '../../contract/common';
import { pageSchemaOf } from '../../contract/spec-schema';
import { type Noun, SPECS } from '../specs';
import { AUDIT_ACTIONS, auditSpec } from './spec';

/** `POST /audit/page`: admin only. Who created, changed or deleted what, and when. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const NOUNS = Object.keys(SPECS) as [Noun, ...Noun[]];

/** `from`, `to` (the spec's range): inclusive; a bare date means that whole day (UTC). */
export const auditPageSchema = pageSchemaOf(auditSpec, {
  /** Staff id of the actor. */
  actor: requiredRef.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The noun, as src/resources/specs.ts keys it: 'book', 'subclass', 'reader', 'application', 'about'… */
  resource: z.enum(NOUNS).optional(),
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
}
