import { msg } from '@lingui/core/macro';
import { enumFilter, idFilter } from '../../components/resource/list/list-search';
import { screenFilterNames, searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { RecordMeta } from '../../contract/common';
import { LABELS, type LabelledNoun } from '../labels';
import type { AuditAction, AuditChange, AuditEntry } from './schema';
import { AUDIT_ACTIONS, auditSpec } from './spec';

/**
 * Audit rows are never edited, so they carry no version or timestamps of their own; the shared
 * list machinery types rows as records, and nothing here reads those fields.
 */
export type AuditRow = AuditEntry & RecordMeta;

export const AUDIT_ACTION_OPTIONS: Option<AuditAction>[] = [
  { value: 'create', label: msg`Created`, color: 'green' },
  { value: 'update', label: msg`Changed`, color: 'blue' },
  { value: 'delete', label: msg`Deleted`, color: 'red' },
];

/** The nouns the server writes into the trail, named as staff call them (each noun's labels.ts). */
export const AUDIT_RESOURCE_OPTIONS: Option<LabelledNoun>[] = Object.entries(LABELS).map(([value, { name }]) => ({
  value: value as LabelledNoun,
  label: name,
}));
const AUDITED = AUDIT_RESOURCE_OPTIONS.map((o) => o.value);

export const AUDIT_FILTERS = screenFilterNames(auditSpec.filters, ['actor', 'action', 'resource']);

/** /users/audit?pageNum&pageSize&keyword&sort&order&actor&action&resource&from&to */
export const auditSearchSchema = searchSchemaOf(auditSpec, {
  actor: idFilter,
  action: enumFilter(AUDIT_ACTIONS),
  resource: enumFilter(AUDITED),
});

export interface ChangeLine {
  field: string;
  /** Secrets: only that they changed. */
  secret: boolean;
  from: string;
  to: string;
}

/** A value as the details show it: empty for nothing, JSON for lists and objects. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** An entry's changes as lines, in field order, timestamps and version last (they always change). */
export function changeLines(changes: Record<string, AuditChange>): ChangeLine[] {
  const bookkeeping = new Set(['version', 'createdAt', 'updatedAt']);
  const names = Object.keys(changes);
  const ordered = [...names.filter((n) => !bookkeeping.has(n)), ...names.filter((n) => bookkeeping.has(n))];
  return ordered.map((field) => {
    const c = changes[field];
    if (c === '(changed)' || c === undefined) return { field, secret: true, from: '', to: '' };
    return { field, secret: false, from: showValue(c.from), to: showValue(c.to) };
  });
}
