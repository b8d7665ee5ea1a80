import type { MessageDescriptor } from '@lingui/core';

/** What staff call a noun (its list's name) and the fields of its records, as the API names them. */
export interface NounLabels {
  name: MessageDescriptor;
  fields: Record<string, MessageDescriptor>;
  /** Another API path saved from the same screen (About us: its site links, `/url`). */
  also?: Record<string, Omit<NounLabels, 'also'>>;
}
