import type { Kysely } from 'kysely';
import { Code } from '../../contract/envelope';
import type { RuleReason } from '../../contract/rule-codes';
import { foreignKeyViolation, uniqueViolation } from '../db/dialect';
import { type AuditChanges, SECRET_MARK } from '../db/repositories/audit';
import type { TableName } from '../db/schema';
import { ApiError, conflict, invalidField, refused } from '../http/errors';
import type { Db, UniqueRule } from './types';

/**
 * Kysely types every table separately; the generic machinery writes to whichever table a resource
 * names, so it speaks through this one loosely typed view. Resource files stay fully typed.
 */
type LooseDatabase = Record<string, Record<string, unknown>>;
export const loose = (db: Db) => db as unknown as Kysely<LooseDatabase>;

const TAKEN = { code: 'taken' } as const;

/** 409 for a taken unique value: under its field for the form, and as a rule the toast can word. */
function takenError(msg: string, path: string, value: string): ApiError {
  const reason: RuleReason = { code: 'taken', params: { value } };
  return new ApiError(Code.Conflict, msg, { errors: [{ path, message: msg, ...TAKEN }], reason });
}

export const defaultUniqueMessage = (field: string, value: unknown) => `${field} "${String(value)}" is already in use`;

/** Unique checks inside the transaction, so a clash is a 409 naming the field, not a driver error. */
export async function checkUnique(
  trx: Db,
  table: TableName,
  rules: readonly UniqueRule[],
  columns: Record<string, unknown>,
  exceptId?: number,
) {
  for (const rule of rules) {
    const value = columns[rule.column];
    if (value === undefined || value === null) continue;
    let q = loose(trx).selectFrom(table).select('id').where(rule.column, '=', value);
    for (const s of rule.scope ?? []) q = q.where(s, '=', columns[s]);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    if (await q.limit(1).executeTakeFirst()) {
      throw takenError(rule.message?.(value) ?? defaultUniqueMessage(rule.field, value), rule.field, String(value));
    }
  }
}

/**
 * The fallback when a concurrent writer slips past `checkUnique` (or a check is missing): map the
 * driver's constraint errors to the envelope instead of a 500.
 */
export function mapDriverError(
  err: unknown,
  table: TableName,
  rules: readonly UniqueRule[],
  deleting: boolean,
): unknown {
  if (err instanceof ApiError) return err;
  const uv = uniqueViolation(err);
  if (uv) {
    const rule = rules.find((r) => {
      const cols = [...(r.scope ?? []), r.column];
      const sameCols = cols.length === uv.columns.length && cols.every((c) => uv.columns.includes(c));
      return sameCols || uv.constraint === `${table}_${cols.join('_')}_uq`;
    });
    return rule
      ? conflict(`${rule.field} is already in use`, rule.field, TAKEN)
      : refused({ code: 'taken', params: { value: '' } }, 'A unique value is already in use');
  }
  if (foreignKeyViolation(err)) {
    return deleting
      ? refused({ code: 'referenced' }, 'This record is still referenced by other records')
      : invalidField('body', 'refers to a record that does not exist');
  }
  return err;
}

/** 409 for a stale `version`; `latest` (the record as it is now) lets the console compare at once. */
export function staleVersion(current: number, yours: number, latest?: unknown): ApiError {
  const msg = `This record was changed by someone else (version ${current}, yours ${yours})`;
  const reason: RuleReason = { code: 'stale' };
  return new ApiError(Code.Conflict, msg, latest === undefined ? { reason } : { current: latest, reason });
}

/** Secret inputs appear in the audit trail only as "(changed)", never by value. */
export function addSecretChanges(
  changes: AuditChanges,
  input: Record<string, unknown> | null,
  secretFields: readonly string[] = [],
): AuditChanges {
  for (const f of secretFields) {
    delete changes[f];
    if (input && input[f] !== undefined) changes[f] = SECRET_MARK;
  }
  return changes;
}
