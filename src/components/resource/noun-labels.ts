import type { MessageDescriptor } from '@lingui/core';

/** What staff call a noun (its list's name) and the fields of its records, as the API names them. */
export interface NounLabels {
  name: MessageDescriptor;
  fields: Record<string, MessageDescriptor>;
  /** What Home's card calls the noun's count when it counts something else (About us: its site links). */
  counted?: MessageDescriptor;
}
