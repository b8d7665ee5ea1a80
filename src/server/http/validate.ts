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
 * How deep a JSON body may nest, and how many fields one of its objects may have. No request of
 * the contract goes past 4 levels or 100 fields; the limits are far above that and far below what
 * makes the walks over a value (the text checks, zod's unknown-field check) cost more than a parse.
 */
export const MAX_JSON_DEPTH = 64;
export const MAX_JSON_FIELDS = 1000;

/**
 * Why JSON text is refused before it is parsed: nesting deeper than MAX_JSON_DEPTH or an object
 * with more than MAX_JSON_FIELDS fields. One pass over the text, constant work per character
 * (arrays may be long: each element costs what a parse of it costs). Null when within both.
 */
export function jsonShapeProblem(text: string): FieldError | null {
  // Per open bracket: -1 for an array, else the fields counted so far in that object.
  const open: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character, a quote included.
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (open.length === MAX_JSON_DEPTH)
        return {
          path: 'body',
          message: `nests deeper than ${MAX_JSON_DEPTH} levels`,
          code: 'max_depth',
          params: { max: MAX_JSON_DEPTH },
        };
      open.push(ch === 0x5b ? -1 : 1);
    } else if (ch === 0x5d || ch === 0x7d) open.pop();
    else if (ch === 0x2c && open.length > 0) {
      const top = open.length - 1;
      const fields = open[top] as number;
      if (fields < 0) continue;
      if (fields === MAX_JSON_FIELDS)
        return {
          path: 'body',
          message: `has an object of more than ${MAX_JSON_FIELDS} fields`,
          code: 'max_items',
          params: { max: MAX_JSON_FIELDS },
        };
      open[top] = fields + 1;
    }
  }
  return null;
}

/** A field path kept as a chain to its parent: descending costs one link, not a copy of the path. */
interface PathLink {
  parent: PathLink | null;
  name: string;
}

function joinPath(link: PathLink | null, root: string): string {
  if (!link) return root;
  const names: string[] = [];
  for (let l: PathLink | null = link; l; l = l.parent) names.push(l.name);
  return names.reverse().join('.');
}

/**
 * Every string of a parsed JSON value, keys included, checked with textProblem. Iterative (a body
 * can nest deeper than the call stack goes) and linear in the size of the value: a path is built
 * only for a string that is reported.
 */
export function textErrors(value: unknown, root = 'body'): FieldError[] {
  const out: FieldError[] = [];
  const stack: { v: unknown; path: PathLink | null }[] = [{ v: value, path: null }];
  while (stack.length > 0 && out.length < MAX_TEXT_ERRORS) {
    const { v, path } = stack.pop() as { v: unknown; path: PathLink | null };
    if (typeof v === 'string') {
      const why = textProblem(v);
      if (why) out.push({ path: joinPath(path, root), message: why });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: { parent: path, name: String(i) } });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i] as [string, unknown];
        const keyPath = { parent: path, name: visibleName(k) };
        const why = textProblem(k);
        if (why) out.push({ path: joinPath(keyPath, root), message: `field name ${why}` });
        stack.push({ v: child, path: keyPath });
      }
    }
  }
  return out.slice(0, MAX_TEXT_ERRORS);
}

/** More field errors than this in one answer are left out (the first ones are the ones to fix). */
export const MAX_FIELD_ERRORS = 50;

/** zod issues → one FieldError per bad field, paths joined with '.' (docs/api.md §1). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    if (out.length >= MAX_FIELD_ERRORS) break;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys.slice(0, MAX_FIELD_ERRORS - out.length))
        out.push({ path: [...issue.path, key].join('.'), message: 'unknown field', code: 'unknown_field' });
      continue;
    }
    const path = issue.path.map(String).join('.') || 'body';
    // One message per field: the first is the most basic ("required" before "too long").
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: issue.message, ...reasonOf(issue) });
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
  const shape = jsonShapeProblem(text);
  if (shape) throw invalid([shape]);
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

/** The most parameters one query string may have: a list's filters use about 20. */
export const MAX_QUERY_PARAMS = 100;

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
  const pairs = search.split('&');
  // Every route reads a handful of parameters; thousands only cost each reader of the query.
  if (pairs.filter((p) => p !== '').length > MAX_QUERY_PARAMS)
    return [
      {
        path: 'query',
        message: `at most ${MAX_QUERY_PARAMS} parameters`,
        code: 'max_items',
        params: { max: MAX_QUERY_PARAMS },
      },
    ];
  const out: FieldError[] = [];
  for (const pair of pairs) {
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
