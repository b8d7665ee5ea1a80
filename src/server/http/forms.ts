import type { Context } from 'hono';
import type { FieldError } from '../../contract/envelope';
import { invalid, invalidField } from './errors';
import { textProblem, visibleName } from './validate';

/**
 * Reading multipart and urlencoded forms (the image upload, the CSV import): the body's shape is
 * checked in one pass over its bytes before the platform parses it, then every field's text.
 */

export type FormValue = string | File;

/**
 * A multipart or urlencoded form, every field checked with textProblem: text values and the names
 * of uploaded files (the bytes of a file are the route's business). 400 naming the field. The body
 * is first checked in one pass over its bytes (multipartShapeProblem, urlencodedShapeProblem): the platform's form parser costs
 * far more per part than per byte, and a 5 MiB body holds hundreds of thousands of tiny parts.
 */
export async function readForm(c: Context): Promise<Record<string, FormValue | FormValue[]>> {
  const contentType = c.req.header('content-type') ?? '';
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime !== 'multipart/form-data' && mime !== 'application/x-www-form-urlencoded') return {};
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  let parserType = mime;
  if (mime === 'multipart/form-data') {
    const boundary = multipartBoundary(contentType);
    if (typeof boundary !== 'string') throw invalid([boundary]);
    const shape = multipartShapeProblem(bytes, boundary);
    if (shape) throw invalid([shape]);
    // The parser is given the boundary checked here, never its own reading of the header.
    parserType = `multipart/form-data; boundary="${boundary}"`;
  } else {
    const shape = urlencodedShapeProblem(bytes);
    if (shape) throw invalid([shape]);
  }
  let form: Record<string, FormValue | FormValue[]>;
  try {
    form = formRecord(await new Response(bytes, { headers: { 'content-type': parserType } }).formData());
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

/** Fields by name, as Hono's parseBody({ all: true }) gives them: repeated names (and `x[]`) as lists. */
function formRecord(data: FormData): Record<string, FormValue | FormValue[]> {
  const form: Record<string, FormValue | FormValue[]> = Object.create(null);
  data.forEach((value, key) => {
    const seen = form[key];
    if (seen === undefined) form[key] = key.endsWith('[]') ? [value] : value;
    else if (Array.isArray(seen)) seen.push(value);
    else form[key] = [seen, value];
  });
  return form;
}

/**
 * The most parts of a multipart body, and fields of an urlencoded one. The upload and the import
 * send one file; browsers and form libraries may add a field or two.
 */
export const MAX_FORM_PARTS = 20;
/** The longest header block of one part: its name, file name and type fit many times over. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;
/** RFC 2046: a boundary is 1 to 70 characters. */
export const MAX_BOUNDARY_LENGTH = 70;

// RFC 2046 bchars: a space only inside.
const BOUNDARY_RE = /^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * The boundary of a multipart Content-Type (the first `boundary` parameter, as the platform reads
 * it), or why it is refused: missing, longer than RFC 2046 allows, or with other characters. A long
 * boundary makes the platform's parser slow on near matches (seconds for 8,000 characters). One
 * pass over the header, no regular expression over it.
 */
export function multipartBoundary(contentType: string): string | FieldError {
  const n = contentType.length;
  let value: string | undefined;
  for (let i = contentType.indexOf(';'); i >= 0 && value === undefined; ) {
    const eq = contentType.indexOf('=', i + 1);
    const semi = contentType.indexOf(';', i + 1);
    if (eq < 0) break;
    if (semi >= 0 && semi < eq) {
      i = semi;
      continue;
    }
    const name = contentType
      .slice(i + 1, eq)
      .trim()
      .toLowerCase();
    let k = eq + 1;
    while (contentType[k] === ' ' || contentType[k] === '\t') k++;
    let v = '';
    if (contentType[k] === '"') {
      for (k++; k < n && contentType[k] !== '"'; k++) {
        if (contentType[k] === '\\') k++;
        v += contentType[k] ?? '';
      }
    } else {
      const end = contentType.indexOf(';', k);
      v = contentType.slice(k, end < 0 ? n : end).trim();
    }
    if (name === 'boundary') value = v;
    else i = contentType.indexOf(';', k);
  }
  if (value !== undefined && value.length <= MAX_BOUNDARY_LENGTH && BOUNDARY_RE.test(value)) return value;
  return {
    path: 'content-type',
    message: `needs a multipart boundary of 1 to ${MAX_BOUNDARY_LENGTH} characters (RFC 2046)`,
    code: 'max_length',
    params: { max: MAX_BOUNDARY_LENGTH },
  };
}

const CRLF2 = Buffer.from('\r\n\r\n');

/**
 * Why a multipart body is refused before it is parsed: more than MAX_FORM_PARTS parts, or a part
 * whose headers run past MAX_PART_HEADER_BYTES. Every occurrence of `--boundary` is counted (in a
 * part's content too, overlapping ones too, the closing one aside), so no part the parser could
 * see escapes the count; the search for each header's end stops at the limit. Linear in the body.
 * Null when within both.
 */
export function multipartShapeProblem(body: Uint8Array, boundary: string): FieldError | null {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  let found = 0;
  for (let at = buf.indexOf(delimiter); at >= 0; at = buf.indexOf(delimiter, at + 1)) {
    const after = at + delimiter.length;
    // `--boundary--` closes the body: no part follows it (one is allowed, but not a flood of them).
    const closing = buf[after] === 0x2d && buf[after + 1] === 0x2d;
    if (++found > MAX_FORM_PARTS + 1)
      return {
        path: 'body',
        message: `has more than ${MAX_FORM_PARTS} parts`,
        code: 'max_items',
        params: { max: MAX_FORM_PARTS },
      };
    if (closing) continue;
    const window = buf.subarray(after, after + MAX_PART_HEADER_BYTES + CRLF2.length);
    if (window.indexOf(CRLF2) < 0 && after + window.length < buf.length)
      return {
        path: 'body',
        message: `has a part whose headers are longer than ${MAX_PART_HEADER_BYTES} bytes`,
        code: 'max_length',
        params: { max: MAX_PART_HEADER_BYTES },
      };
  }
  return null;
}

/** Why an urlencoded body is refused before it is parsed: more than MAX_FORM_PARTS fields. */
export function urlencodedShapeProblem(body: Uint8Array): FieldError | null {
  let fields = 0;
  let empty = true;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || body[i] === 0x26) {
      if (!empty && ++fields > MAX_FORM_PARTS)
        return {
          path: 'body',
          message: `has more than ${MAX_FORM_PARTS} fields`,
          code: 'max_items',
          params: { max: MAX_FORM_PARTS },
        };
      empty = true;
    } else empty = false;
  }
  return null;
}
