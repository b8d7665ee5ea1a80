import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { enumFilter, idFilter } from '../../components/resource/list/list-search';
import { screenFilterNames, searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { RecordMeta } from '../../contract/common';
import { SECURITY_EVENT_KINDS, SECURITY_RESOURCE } from '../../contract/security-events';
import { LABELS, type LabelledNoun, labelsOf } from '../labels';
import type { AuditAction, AuditChange, AuditEntry } from './schema';
import { securityEventLabel } from './security-labels';
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

/**
 * The nouns the server writes into the trail, named as staff call them (each noun's labels.ts),
 * first the security events (sign-ins, lockouts, session ends): the filter "Security events".
 */
export const AUDIT_RESOURCE_OPTIONS: Option<LabelledNoun | typeof SECURITY_RESOURCE>[] = [
  { value: SECURITY_RESOURCE, label: msg`Security events` },
  ...Object.entries(LABELS).map(([value, { name }]) => ({ value: value as LabelledNoun, label: name })),
];
const AUDITED = AUDIT_RESOURCE_OPTIONS.map((o) => o.value);

/** Whether an entry is a security event rather than a record change. */
export const isSecurityEvent = (entry: Pick<AuditEntry, 'resource'>) => entry.resource === SECURITY_RESOURCE;

/**
 * Who made a change, as the log names them: a staff account by its user name; the server's own
 * work (a video's processing, the first administrator) is written as the account-less actor
 * "system", a word of the server's that staff see translated and capitalized like the others.
 */
export function actorName(entry: Pick<AuditEntry, 'actorId' | 'actorName'>, i18n: I18n): string {
  return entry.actorId === null && entry.actorName === 'system' ? i18n._(msg`System`) : entry.actorName;
}

/** The kind of record, as staff call it ("Categories"); the noun itself where none is known. */
export function recordKind(resource: string, i18n: I18n): string {
  // A security event is about an account.
  const known = labelsOf(resource === SECURITY_RESOURCE ? 'staff' : resource);
  return known ? i18n._(known.name) : resource;
}

/** The record an entry is about, in the user's language: "Vídeos #1 Intro". */
export function auditRecordName(entry: Pick<AuditEntry, 'resource' | 'recordId' | 'recordTitle'>, i18n: I18n): string {
  const title = entry.recordTitle ? ` ${entry.recordTitle}` : '';
  return `${recordKind(entry.resource, i18n)} #${entry.recordId}${title}`;
}

/**
 * An entry in a few words, for dialogs and accessible names: what was done, to which record
 * ("Cambiado · Vídeos #1 Intro"), in the user's language, not the server's event text.
 */
export function auditEntryTitle(entry: AuditEntry, i18n: I18n): string {
  if (isSecurityEvent(entry))
    return `${securityEventLabel(entry.action, entry.reason, i18n)} · ${auditRecordName(entry, i18n)}`;
  const action = AUDIT_ACTION_OPTIONS.find((o) => o.value === entry.action);
  return `${action ? i18n._(action.label) : entry.action} · ${auditRecordName(entry, i18n)}`;
}

export const AUDIT_FILTERS = screenFilterNames(auditSpec.filters, ['actor', 'action', 'resource']);

/** /users/audit?pageNum&pageSize&keyword&sort&order&actor&action&resource&from&to */
export const auditSearchSchema = searchSchemaOf(auditSpec, {
  actor: idFilter,
  action: enumFilter([...AUDIT_ACTIONS, ...SECURITY_EVENT_KINDS]),
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
