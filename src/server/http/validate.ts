import type { Context } from 'hono';
import type { z } from 'zod';
import type { FieldError } from '../../contract/envelope';
import { invalid, invalidField, unsupportedType } from './errors';

/** zod issues → one FieldError per bad field, paths joined with '.' (API.md §1). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: [...issue.path, key].join('.'), message: 'unknown field' });
      continue;
    }
    const path = issue.path.map(String).join('.') || 'body';
    // One message per field: the first is the most basic ("required" before "too long").
    if (!out.some((e) => e.path === path)) out.push({ path, message: issue.message });
  }
  return out;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

/** Read the raw JSON body: 415 for other content types, 400 naming the body when it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!isJsonType(c.req.header('content-type'))) throw unsupportedType();
  const text = await c.req.text();
  if (text.trim() === '') throw invalidField('body', 'required (a JSON object)');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidField('body', 'malformed JSON');
  }
}

/**
 * Read and validate a JSON body. `strip` drops read-only fields a client may echo back from a
 * record it received (createdAt, joined names), so "PUT the T you got" works with strict schemas.
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  strip: readonly string[] = [],
): Promise<z.output<S>> {
  let body = await readJsonBody(c);
  if (strip.length > 0 && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    body = Object.fromEntries(Object.entries(body).filter(([k]) => !strip.includes(k)));
  }
  return parseWith(schema, body);
}

/** Path ids: digits only, so `-1`, `1.5`, `1e3` and `abc` are all 400 naming "id". */
export function parseId(raw: string | undefined, path = 'id'): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw invalidField(path, 'must be a positive integer');
  return Number(raw);
}
