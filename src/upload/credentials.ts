import type { UploadErrorCode } from './protocol';

/**
 * Credential and address rules of docs/product.md §5, as the original upload SDK enforced them: a
 * credential set has all four parts or none; the upload credential needs access key, secret and
 * security token; the upload auth also an expiration; the upload address endpoint, bucket and file
 * name. Required parameters must not be empty: "parameter {0} cannot be empty".
 */
export type RuleCode = 'InvalidParameter.EmptyValue' | 'InvalidParameter.TokenInvalid';
export type RuleCheck = { ok: true } | { ok: false; code: RuleCode; message: string };

export const emptyValueMessage = (name: string): string => `parameter ${name} cannot be empty`;

export class UploadRuleError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRuleError';
  }
}

const present = (v: unknown): boolean => v !== undefined && v !== null && String(v).trim() !== '';

/** The first empty field among `names`, as an EmptyValue refusal. */
export function requireFields(obj: Record<string, unknown>, names: readonly string[]): RuleCheck {
  const missing = names.find((n) => !present(obj[n]));
  return missing === undefined
    ? { ok: true }
    : { ok: false, code: 'InvalidParameter.EmptyValue', message: emptyValueMessage(missing) };
}

export const CREDENTIAL_PARTS = ['AccessKeyId', 'AccessKeySecret', 'SecurityToken', 'Expiration'] as const;

/** All four parts or none: 'none' means no credential was given (the SDK then asks for one). */
export function checkCredentialSet(c: Partial<Record<(typeof CREDENTIAL_PARTS)[number], unknown>>): RuleCheck | 'none' {
  const count = CREDENTIAL_PARTS.filter((p) => present(c[p])).length;
  if (count === 0) return 'none';
  if (count === CREDENTIAL_PARTS.length) return { ok: true };
  return { ok: false, code: 'InvalidParameter.TokenInvalid', message: 'the credential needs all four parts or none' };
}

export const checkUploadCredential = (c: Record<string, unknown>): RuleCheck =>
  requireFields(c, ['AccessKeyId', 'AccessKeySecret', 'SecurityToken']);

export const checkUploadAuth = (c: Record<string, unknown>): RuleCheck =>
  requireFields(c, ['AccessKeyId', 'AccessKeySecret', 'SecurityToken', 'Expiration']);

export const checkUploadAddress = (a: Record<string, unknown>): RuleCheck =>
  requireFields(a, ['Endpoint', 'Bucket', 'FileName']);

export interface UploadAuth {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  Expiration: string;
  Region?: string;
}

export interface UploadAddress {
  Endpoint: string;
  Bucket: string;
  FileName: string;
}

/** base64 of UTF-8 JSON (docs/api.md §5) → object; a malformed value is a TokenInvalid refusal. */
export function decodeBase64Json(value: string, what: string): Record<string, unknown> {
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new UploadRuleError('InvalidParameter.TokenInvalid', `${what} is not valid`);
}

function must(check: RuleCheck): void {
  if (!check.ok) throw new UploadRuleError(check.code, check.message);
}

export function decodeUploadAuth(value: string): UploadAuth {
  if (!present(value)) throw new UploadRuleError('InvalidParameter.EmptyValue', emptyValueMessage('UploadAuth'));
  const auth = decodeBase64Json(value, 'UploadAuth');
  must(checkUploadAuth(auth));
  return auth as unknown as UploadAuth;
}

export function decodeUploadAddress(value: string): UploadAddress {
  if (!present(value)) throw new UploadRuleError('InvalidParameter.EmptyValue', emptyValueMessage('UploadAddress'));
  const address = decodeBase64Json(value, 'UploadAddress');
  must(checkUploadAddress(address));
  return address as unknown as UploadAddress;
}
