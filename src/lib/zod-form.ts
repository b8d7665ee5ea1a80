import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * The contract's validation messages are English plain text shared with the server (which sends
 * the same ones back in 40000 field errors). They are matched here, in one table, and shown in the
 * user's language; a message not in the table is shown as it came.
 */
type Rule = [RegExp, (m: RegExpMatchArray) => MessageDescriptor];

const RULES: Rule[] = [
  [/^required$/, () => msg`Required`],
  [/^at most (\d+) characters$/, ([, max = '']) => msg`At most ${max} characters`],
  [/^at least (\d+) characters$/, ([, min = '']) => msg`At least ${min} characters`],
  [/^(?:must be )?at most (\d+)$/, ([, max = '']) => msg`Must be at most ${max}`],
  [/^(?:must be )?at least (\d+)$/, ([, min = '']) => msg`Must be at least ${min}`],
  [/^must be 0 or more$/, () => msg`Must be 0 or more`],
  [/^must be a number$/, () => msg`Must be a number`],
  [/^must be an integer$/, () => msg`Must be a whole number`],
  [/^must be positive$/, () => msg`Must be positive`],
  [
    /^must be an ISBN-10 or ISBN-13 with a valid check digit$/,
    () => msg`Must be an ISBN-10 or ISBN-13 with a valid check digit`,
  ],
  [/^must be a date YYYY-MM-DD$/, () => msg`Must be a date (YYYY-MM-DD)`],
  [/^must be a real date$/, () => msg`Must be a real date`],
  [/^must be an http\(s\) URL or a path$/, () => msg`Must be an http(s) URL or a path`],
  [/^must be a phone number$/, () => msg`Must be a phone number`],
  [/^letters, digits, _ \. - only$/, () => msg`Letters, digits, _ . - only`],
  [/^letters, digits, _ and - only$/, () => msg`Letters, digits, _ and - only`],
  [
    /^must start with http:\/\/, https:\/\/, mailto: or tel:$/,
    () => msg`Must start with http://, https://, mailto: or tel:`,
  ],
  [/^must be an email address$/, () => msg`Must be an email address`],
  [/^must be (\d+) or later$/, ([, min = '']) => msg`Must be ${min} or later`],
  [/^must not be after next year$/, () => msg`Must not be after next year`],
  [/^must be an ISO 8601 date-time$/, () => msg`Must be a date and time`],
  [/^must be true or false$/, () => msg`Must be yes or no`],
  [/^must be a list$/, () => msg`Must be a list`],
  [/^at most (\d+) links$/, ([, max = '']) => msg`At most ${max} links`],
  [/^too large$/, () => msg`Too large`],
  [/^choose at least one role$/, () => msg`Choose at least one role`],
  // Batch edit (contract/batch.ts).
  [/^choose at least one field$/, () => msg`Choose at least one field`],
  [/^set the category too$/, () => msg`Set the category too`],
  [/^send either ids or filter$/, () => msg`Select records or a filter`],
  [/^roles must not repeat$/, () => msg`Roles must not repeat`],
  [/^must be one of (.+)$/, ([, choices = '']) => msg`Must be one of ${choices}`],
  // Enum messages name the stored values ('must be on_shelf or off_shelf'); a form shows them as a
  // select, so only an invalid pick can reach this and the values themselves are fine to show.
  [/^must be (\S+) or (\S+)$/, ([, a = '', b = '']) => msg`Must be ${a} or ${b}`],
  [/^must be ((?:\S+, )+\S+) or (\S+)$/, ([, list = '', last = '']) => msg`Must be ${list} or ${last}`],
  [/^already (?:exists|in use)$/, () => msg`Already in use`],
  // The password rule (contract/password-policy.ts) and the change-password page, as the server words them.
  [
    /^too common: it appears in lists of breached passwords$/,
    () => msg`Too common: it appears in lists of breached passwords`,
  ],
  [/^too easy to guess$/, () => msg`Too easy to guess: make it longer or less predictable`],
  [/^must differ from the current password$/, () => msg`Must differ from the current password`],
  [/^is not your current password$/, () => msg`This is not your current password`],
  [
    /^change your own password on the Change password page$/,
    () => msg`Change your own password on the Change password page`,
  ],
  [
    /^this is the session you are using: sign out instead$/,
    () => msg`This is the session you are using: sign out instead`,
  ],
];

/** Whether a contract message has a translation rule (the catalogue test checks every one does). */
export function hasValidationRule(message: string): boolean {
  return RULES.some(([re]) => re.test(message));
}

export function translateValidationMessage(message: string): string {
  for (const [re, describe] of RULES) {
    const m = message.match(re);
    if (m) return i18n._(describe(m));
  }
  return message;
}

/** Server field errors (ApiError.fieldErrors) in the user's language. */
export function translateFieldErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, m]) => [path, translateValidationMessage(m)]));
}

/** Zod issues → Mantine form errors, keyed by dotted path; the first issue per path wins. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    // Root-level issues (unknown keys of a strict object) belong to no field the user can fix.
    if (issue.path.length === 0) continue;
    const path = issue.path.map(String).join('.');
    errors[path] ??= translateValidationMessage(issue.message);
  }
  return errors;
}

/**
 * A Mantine form `validate` function from a contract schema, so the form checks exactly what the
 * server checks. `prepare` adds what the form does not edit (an update's id and version).
 */
export function zodResolver<V>(schema: z.ZodType, prepare: (values: V) => unknown = (v) => v) {
  return (values: V): FormErrors => {
    const result = schema.safeParse(prepare(values));
    return result.success ? {} : issuesToErrors(result.error.issues);
  };
}
