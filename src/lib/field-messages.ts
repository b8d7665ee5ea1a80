import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { FieldError } from '../contract/envelope';
import { FIELD_CODES, type FieldCode, type FieldCodeParams } from '../contract/field-codes';

/**
 * Every field code of the contract (src/contract/field-codes.ts) in the user's language, with its
 * parameters: the one place the console words why a field was refused. A new code without a
 * message here is a type error.
 */
const MESSAGES: { [C in FieldCode]: (p: FieldCodeParams[C]) => MessageDescriptor } = {
  required: () => msg`Required`,
  min_length: ({ min }) => msg`${plural(min, { one: 'At least # character', other: 'At least # characters' })}`,
  max_length: ({ max }) => msg`${plural(max, { one: 'At most # character', other: 'At most # characters' })}`,
  min: ({ min }) => msg`Must be at least ${min}`,
  max: ({ max }) => msg`Must be at most ${max}`,
  non_negative: () => msg`Must be 0 or more`,
  positive: () => msg`Must be positive`,
  number: () => msg`Must be a number`,
  integer: () => msg`Must be a whole number`,
  boolean: () => msg`Must be yes or no`,
  list: () => msg`Must be a list`,
  min_items: ({ min }) => msg`Choose at least ${min}`,
  max_items: ({ max }) => msg`${plural(max, { one: 'At most # entry', other: 'At most # entries' })}`,
  max_depth: ({ max }) => msg`Nested more than ${max} levels deep`,
  // Enum values are the stored ones ('on_shelf, off_shelf'); a form shows them as a select, so
  // only an invalid pick can reach this and the values themselves are fine to show.
  one_of: ({ values: choices }) => msg`Must be one of ${choices}`,
  email: () => msg`Must be an email address`,
  datetime: () => msg`Must be a date and time`,
  date: () => msg`Must be a date (YYYY-MM-DD)`,
  real_date: () => msg`Must be a real date`,
  not_after_next_year: () => msg`Must not be after next year`,
  isbn: () => msg`Must be an ISBN-10 or ISBN-13 with a valid check digit`,
  url_or_path: () => msg`Must be an http(s) URL or a path`,
  link: () => msg`Must start with http://, https://, mailto: or tel:`,
  phone: () => msg`Must be a phone number`,
  user_name_chars: () => msg`Letters, digits, _ . - only`,
  id_chars: () => msg`Letters, digits, _ and - only`,
  roles_repeat: () => msg`Roles must not repeat`,
  taken: () => msg`Already in use`,
  password_common: () => msg`Too common: it appears in lists of breached passwords`,
  password_weak: () => msg`Too easy to guess: make it longer or less predictable`,
  password_same: () => msg`Must differ from the current password`,
  password_wrong: () => msg`This is not your current password`,
  own_password: () => msg`Change your own password on the Change password page`,
  current_session: () => msg`This is the session you are using: sign out instead`,
  unknown_field: () => msg`Not a field of this form`,
  batch_target: () => msg`Select records or a filter`,
  batch_fields: () => msg`Choose at least one field`,
  batch_category: () => msg`Set the category too`,
  range_order: () => msg`The end of the range is before its start`,
  future: () => msg`Must be in the future`,
  invalid: () => msg`Invalid value`,
};

/**
 * The message for a code with its parameters; `fallback` (the server's English text) when the code
 * is unknown to this console (a newer server) or absent (an error that carries none).
 */
export function fieldMessage(
  reason: { code?: string; params?: Readonly<Record<string, unknown>> } | undefined,
  fallback = '',
): string {
  const code = reason?.code;
  if (!code || !Object.hasOwn(FIELD_CODES, code)) return fallback;
  const known = code as FieldCode;
  const params = reason?.params ?? {};
  // A code without the parameters its message needs says less than the server's own text.
  if (Object.keys(FIELD_CODES[known]).some((k) => params[k] === undefined)) return fallback;
  return i18n._(MESSAGES[known](params as never));
}

/** A server field error in the user's language (a bare string: a write stored by an older console). */
export const fieldErrorMessage = (e: FieldError | string): string =>
  typeof e === 'string' ? e : fieldMessage(e, e.message);
