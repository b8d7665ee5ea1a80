import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import type { FieldError } from '../contract/envelope';
import { REPORT_INPUT, reasonOf } from '../contract/field-codes';
import { fieldErrorMessage, fieldMessage } from './field-messages';

/** Server field errors (ApiError.fieldErrors), translated by their codes, in the user's language. */
export function translateFieldErrors(errors: Readonly<Record<string, FieldError | string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, e]) => [path, fieldErrorMessage(e)]));
}

/** Zod issues → Mantine form errors, keyed by dotted path; the first issue per path wins. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    // Root-level issues (unknown keys of a strict object) belong to no field the user can fix.
    if (issue.path.length === 0) continue;
    const path = issue.path.map(String).join('.');
    errors[path] ??= fieldMessage(reasonOf(issue), issue.message);
  }
  return errors;
}

/**
 * A Mantine form `validate` function from a contract schema, so the form checks exactly what the
 * server checks. `prepare` adds what the form does not edit (an update's id and version).
 */
export function zodResolver<V>(schema: z.ZodType, prepare: (values: V) => unknown = (v) => v) {
  return (values: V): FormErrors => {
    const result = schema.safeParse(prepare(values), REPORT_INPUT);
    return result.success ? {} : issuesToErrors(result.error.issues);
  };
}
