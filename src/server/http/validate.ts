import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { FieldError } from '../../contract/envelope';
import { REPORT_INPUT, reasonOf } from '../../contract/field-codes';
import { invalid, invalidField, unsupportedType } from './errors';

/**
 * Text the server refuses wherever it reads input: NUL ends strings in C code (SQLite's FTS5 query
 * parser reports an "unterminated string", PostgreSQL refuses it in text) and an unpaired surrogate
 * has no UTF-8 form (SQLite would store invalid UTF-8). Null when the text is fine.
 */
export function textProblem(s: string): string | null {
  if (s.includes('\0')) return 'must not contain NUL characters (U+0000)';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text (it contains an unpaired surrogate)';
  return null;
}
// With the u flag a well-formed pair is one code point, so only unpaired halves match.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** A name as it may be shown in a field path: NULs and lone surrogates made visible. */
export function visibleName(s: string): string {
  return s.replace(/\0|\p{Surrogate}/gu, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** More than this many bad strings in one body are not listed one by one. */
const MAX_TEXT_ERRORS = 20;

/**
 * Every string of a parsed JSON value, keys included, checked with textProblem. Iterative: a body of
 * 1 MiB can nest deeper than the call stack goes.
 */
export function textErrors(value: unknown, root = 'body'): FieldError[] {
  const out: FieldError[] = [];
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0 && out.length < MAX_TEXT_ERRORS) {
    const { v, path } = stack.pop() as { v: unknown; path: string[] };
    const at = (p: string[]) => (p.length === 0 ? root : p.join('.'));
    if (typeof v === 'string') {
      const why = textProblem(v);
      if (why) out.push({ path: at(path), message: why });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, String(i)] });
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v).reverse()) {
        const keyPath = [...path, visibleName(k)];
        const why = textProblem(k);
        if (why) out.push({ path: at(keyPath), message: `field name ${why}` });
        stack.push({ v: child, path: keyPath });
      }
    }
  }
  return out;
}

/** zod issues → one FieldError per bad field, paths joined with '.' (API.md §1). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        out.push({ path: [...issue.path, key].join('.'), message: 'unknown field', code: 'unknown_field' });
      continue;
    }
    const path = issue.path.map(String).join('.') || 'body';
    // One message per field: the first is the most basic ("required" before "too long").
    if (!out.some((e) => e.path === path)) out.push({ path, message: issue.message, ...reasonOf(issue) });
  }
  return out;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, REPORT_INPUT);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Read the raw JSON body: 415 for other content types, 400 naming the body when it is not UTF-8 or
 * not JSON, and 400 naming each field whose text has a NUL or an unpaired surrogate (textProblem).
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!isJsonType(c.req.header('content-type'))) throw unsupportedType();
  let text: string;
  try {
    // Fatal: a lenient decoder would turn broken bytes into U+FFFD and store them as if sent.
    text = utf8.decode(await c.req.arrayBuffer());
  } catch {
    throw invalidField('body', 'is not valid UTF-8');
  }
  if (text.trim() === '') throw invalidField('body', 'required (a JSON object)');
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw invalidField('body', 'malformed JSON');
  }
  const bad = textErrors(value);
  if (bad.length > 0) throw invalid(bad);
  return value;
}

/**
 * The query string's parameters, refused (400 naming the parameter) when one is not valid UTF-8
 * percent-encoding or its name or value fails textProblem. Hono's own decoding leaves bad escapes
 * as they are, so the raw query is read here.
 */
export function queryErrors(url: string): FieldError[] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  const hash = url.indexOf('#', q);
  const search = url.slice(q + 1, hash < 0 ? undefined : hash);
  const out: FieldError[] = [];
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      out.push({ path: rawKey, message: 'parameter name is not valid UTF-8 percent-encoding' });
      continue;
    }
    try {
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      out.push({ path: visibleName(key), message: 'is not valid UTF-8 percent-encoding' });
      continue;
    }
    const why = textProblem(key) ?? textProblem(value);
    if (why) out.push({ path: visibleName(key), message: why });
    if (out.length >= MAX_TEXT_ERRORS) break;
  }
  return out;
}

/** Middleware: every request's query parameters pass queryErrors before any handler reads them. */
export const checkQuery: MiddlewareHandler = async (c, next) => {
  const bad = queryErrors(c.req.url);
  if (bad.length > 0) throw invalid(bad);
  await next();
};

export type FormValue = string | File;

/**
 * A multipart or urlencoded form, every field checked with textProblem: text values and the names
 * of uploaded files (the bytes of a file are the route's business). 400 naming the field.
 */
export async function readForm(c: Context): Promise<Record<string, FormValue | FormValue[]>> {
  let form: Record<string, FormValue | FormValue[]>;
  try {
    form = (await c.req.parseBody({ all: true })) as Record<string, FormValue | FormValue[]>;
  } catch {
    throw invalidField('body', 'malformed form body');
  }
  const bad: FieldError[] = [];
  for (const [name, entry] of Object.entries(form)) {
    const path = visibleName(name);
    const nameWhy = textProblem(name);
    if (nameWhy) {
      bad.push({ path, message: `field name ${nameWhy}` });
      continue;
    }
    for (const v of Array.isArray(entry) ? entry : [entry]) {
      const why = typeof v === 'string' ? textProblem(v) : textProblem(v.name);
      if (why) {
        bad.push({ path, message: typeof v === 'string' ? why : `file name ${why}` });
        break;
      }
    }
  }
  if (bad.length > 0) throw invalid(bad);
  return form;
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
