import type { z } from 'zod';

/**
 * Why a field was refused, as a code with the parameters its message needs. The server sends these
 * beside each 40000/40900 field error's English `message` (docs/api-additions.md); the console
 * translates by code and parameters in one place (src/lib/field-messages.ts), never by the text.
 * The keys are binding for clients; add one here and TypeScript asks the console for its message.
 */
export interface FieldCodeParams {
  required: Record<string, never>;
  min_length: { min: number };
  max_length: { max: number };
  min: { min: number };
  non_negative: Record<string, never>;
  max: { max: number };
  positive: Record<string, never>;
  number: Record<string, never>;
  integer: Record<string, never>;
  boolean: Record<string, never>;
  list: Record<string, never>;
  min_items: { min: number };
  max_items: { max: number };
  max_depth: { max: number };
  one_of: { values: string };
  email: Record<string, never>;
  datetime: Record<string, never>;
  date: Record<string, never>;
  real_date: Record<string, never>;
  not_after_next_year: Record<string, never>;
  isbn: Record<string, never>;
  url_or_path: Record<string, never>;
  link: Record<string, never>;
  phone: Record<string, never>;
  user_name_chars: Record<string, never>;
  id_chars: Record<string, never>;
  roles_repeat: Record<string, never>;
  taken: Record<string, never>;
  password_common: Record<string, never>;
  password_weak: Record<string, never>;
  password_same: Record<string, never>;
  password_wrong: Record<string, never>;
  own_password: Record<string, never>;
  current_session: Record<string, never>;
  unknown_field: Record<string, never>;
  batch_target: Record<string, never>;
  batch_fields: Record<string, never>;
  batch_category: Record<string, never>;
  range_order: Record<string, never>;
  /** A date that must lie ahead (a loan's due date). */
  future: Record<string, never>;
  invalid: Record<string, never>;
}

export type FieldCode = keyof FieldCodeParams;

/** A field error's code and parameters (the part of a FieldError a client translates). */
export type FieldReason = { [C in FieldCode]: { code: C; params?: FieldCodeParams[C] } }[FieldCode];

/**
 * The options of a contract `.refine` that says why in a code: zod copies `params` onto the issue,
 * where {@link reasonOf} finds it. The message stays the English text of the API.
 */
export function because<C extends FieldCode>(code: C, message: string, params?: FieldCodeParams[C]) {
  return { message, params: { code, ...params } };
}

/** Parse options that keep the input on each issue, so a missing value reads as `required`. */
export const REPORT_INPUT = { reportInput: true } as const;

const simple = (code: FieldCode): FieldReason => ({ code }) as FieldReason;

/** Nothing typed: absent, null, or a text of only spaces. */
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The code and parameters of one zod issue (parsed with {@link REPORT_INPUT}). */
export function reasonOf(issue: z.core.$ZodIssue): FieldReason {
  // A required field left empty is `required`, whatever check it failed first: an empty Type is
  // not "Must be one of ebook, audio, …", nor an empty Phone "Must be a phone number".
  if (
    (issue.code === 'invalid_value' || issue.code === 'invalid_format' || issue.code === 'custom') &&
    'input' in issue &&
    isEmpty(issue.input) &&
    issue.path.length > 0
  ) {
    return simple('required');
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (!('input' in issue) || issue.input === undefined || issue.input === null) return simple('required');
      const byType: Partial<Record<string, FieldCode>> = {
        number: 'number',
        int: 'integer',
        boolean: 'boolean',
        array: 'list',
        string: 'required',
      };
      return simple(byType[issue.expected] ?? 'invalid');
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? simple('required') : { code: 'min_length', params: { min } };
      if (issue.origin === 'array') return { code: 'min_items', params: { min } };
      if (min === 0) return simple(issue.inclusive ? 'non_negative' : 'positive');
      return { code: 'min', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { code: 'max_length', params: { max } };
      if (issue.origin === 'array') return { code: 'max_items', params: { max } };
      return { code: 'max', params: { max } };
    }
    case 'invalid_value':
      return { code: 'one_of', params: { values: issue.values.map(String).join(', ') } };
    case 'invalid_format':
      if (issue.format === 'email') return simple('email');
      if (issue.format === 'datetime') return simple('datetime');
      return simple('invalid');
    case 'unrecognized_keys':
      return simple('unknown_field');
    case 'custom': {
      const { code, ...params } = (issue.params ?? {}) as { code?: unknown };
      return typeof code === 'string' && code in FIELD_CODES ? ({ code, params } as FieldReason) : simple('invalid');
    }
    default:
      return simple('invalid');
  }
}

/** Every code once, for checks that walk them all (a test asks each for a message in each language). */
export const FIELD_CODES: { [C in FieldCode]: FieldCodeParams[C] } = {
  required: {},
  min_length: { min: 12 },
  max_length: { max: 50 },
  min: { min: 1 },
  non_negative: {},
  max: { max: 100 },
  positive: {},
  number: {},
  integer: {},
  boolean: {},
  list: {},
  min_items: { min: 1 },
  max_items: { max: 20 },
  max_depth: { max: 64 },
  one_of: { values: 'on_shelf, off_shelf' },
  email: {},
  datetime: {},
  date: {},
  real_date: {},
  not_after_next_year: {},
  isbn: {},
  url_or_path: {},
  link: {},
  phone: {},
  user_name_chars: {},
  id_chars: {},
  roles_repeat: {},
  taken: {},
  password_common: {},
  password_weak: {},
  password_same: {},
  password_wrong: {},
  own_password: {},
  current_session: {},
  unknown_field: {},
  batch_target: {},
  batch_fields: {},
  batch_category: {},
  range_order: {},
  future: {},
  invalid: {},
};
