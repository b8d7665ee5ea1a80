import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { labelsOf } from '../labels';

/**
 * What each audited noun calls its fields, so the trail reads "Handled by", not `handledBy`: each
 * noun's own labels.ts names every field of its record as the API sends it (the server diffs
 * those records); these are the fields every record has.
 * tests/unit/resources/audit-field-labels.test.ts reads a real record of every noun from the API
 * and fails on any field missing: a new field is named before it can show up raw.
 */
const RECORD: Record<string, MessageDescriptor> = {
  id: msg`ID`,
  version: msg`Version`,
  createdAt: msg`Created`,
  updatedAt: msg`Updated`,
};

/** The label of `field` in an entry about the noun `resource`, or undefined for a field nobody named. */
export function fieldLabel(resource: string, field: string): MessageDescriptor | undefined {
  return labelsOf(resource)?.fields[field] ?? RECORD[field];
}
