import type { AuthUser } from '../context';
import type { AuditChanges, AuditEntry } from '../db/repositories/audit';

/** An audit row for writes outside the generic machinery (apply transitions, uploads, about us). */
export function auditEntry(
  user: Pick<AuthUser, 'staffId' | 'userName'> | null,
  action: AuditEntry['action'],
  resource: string,
  recordId: number,
  at: string,
  changes: AuditChanges,
  recordTitle: string | null = null,
): AuditEntry {
  return {
    at,
    actorId: user?.staffId ?? null,
    actorName: user?.userName ?? 'system',
    action,
    resource,
    recordId,
    changes,
    recordTitle,
  };
}
