import { z } from 'zod';
import { PHONE_RE, ROLES, type Role } from '../../contract/auth';
import {
  optionalText,
  optionalUrl,
  type RecordMeta,
  requiredRef,
  requiredText,
  versionField,
} from '../../contract/common';
import { because } from '../../contract/field-codes';
import { MIN_PASSWORD_LENGTH } from '../../contract/password-policy';
import { pageSchemaOf } from '../../contract/spec-schema';
import { STAFF_STATUSES, staffSpec } from './spec';

const staffFields = {
  userName: requiredText(3, 50).refine(
    (s) => /^[A-Za-z0-9_.-]+$/.test(s),
    because('user_name_chars', 'letters, digits, _ . - only'),
  ),
  phone: z
    .string({ error: 'required' })
    .trim()
    .refine((s) => PHONE_RE.test(s), because('phone', 'must be a phone number')),
  name: requiredText(1, 50),
  roles: z
    .array(z.enum(ROLES, { error: 'must be admin or operator' }), { error: 'required' })
    .min(1, 'choose at least one role')
    .refine((r) => new Set(r).size === r.length, because('roles_repeat', 'roles must not repeat')),
  status: z.enum(STAFF_STATUSES),
  avatar: optionalUrl,
  introduction: optionalText(500),
};
// The length here so the form says it at once; the whole rule (not guessable) is the server's
// (password-policy.ts), which answers 40000 on `password` the same way.
const password = z
  .string()
  .refine(
    (v) => [...v].length >= MIN_PASSWORD_LENGTH,
    because('min_length', `at least ${MIN_PASSWORD_LENGTH} characters`, { min: MIN_PASSWORD_LENGTH }),
  )
  .refine((v) => v.length <= 200, because('max_length', 'at most 200 characters', { max: 200 }));

export const staffCreateSchema = z.strictObject({ ...staffFields, password });
export const staffUpdateSchema = z.strictObject({
  ...staffFields,
  // Absent or empty on update: unchanged.
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
  id: requiredRef,
  version: versionField,
});
export const staffPageSchema = pageSchemaOf(staffSpec, {
  status: z.enum(STAFF_STATUSES).optional(),
  role: z.enum(ROLES).optional(),
});
export type Staff = RecordMeta & {
  userName: string;
  phone: string;
  name: string;
  roles: Role[];
  status: (typeof STAFF_STATUSES)[number];
  avatar: string | null;
  introduction: string | null;
};
