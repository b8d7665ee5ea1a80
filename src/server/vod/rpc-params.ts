import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { textProblem, visibleName } from '../http/validate';
import { rpcErrors } from './errors';
import { BodyTooLarge, readSmallBody } from './http-util';

/**
 * An RPC call's parameters (query and POST form), bounded before anything is decoded: how many,
 * how long, valid percent-encoding and text. The signature check and the actions (rpc.ts) get a
 * plain record.
 */
export type Params = Record<string, string>;

/** UploadPoint is the ali-oss checkpoint: 10,000 parts of ~60 bytes fit comfortably. */
const BODY_LIMIT = 1024 * 1024;
/**
 * The most parameters one call may have (query and form together): a call uses about 20, the
 * common ones and CreateUploadVideo's. Every parameter costs the signature check a sort and two
 * encodings, so a body of hundreds of thousands of them is refused before it is decoded.
 */
export const MAX_RPC_PARAMS = 64;
/** The longest parameter name; no name of the API has more than 20 characters. */
export const MAX_PARAM_NAME = 64;
/**
 * The longest parameter value, UploadPoint (a checkpoint, up to the whole body) excepted: the
 * longest of the API are Description and UserData, 1,024 characters.
 */
export const MAX_PARAM_VALUE = 4096;
const LONG_PARAMS = new Set(['UploadPoint']);
/** Past this many characters, work over a text gives the event loop a turn between its passes. */
export const LONG_TEXT = 64 * 1024;
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How many `&`-separated pairs a raw query or form has, counting stops past `max`: one pass over
 * the text, before any of it is decoded. Empty pairs (`a&&b`) are skipped, as the parsers do.
 */
export function pairCount(raw: string, max: number): number {
  let count = 0;
  let inPair = false;
  for (let i = 0; i < raw.length; i++) {
    if (raw.charCodeAt(i) === 0x26) inPair = false;
    else if (!inPair) {
      inPair = true;
      if (++count > max) break;
    }
  }
  return count;
}

/** `+` is a space in a form; the rest is percent-decoding. Null when it is not valid UTF-8 percent-encoding. */
function formDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * The pairs of a raw query or form into `params` (a later pair of a name wins). Native string work
 * only, after pairCount has bounded how many pairs there are: URLSearchParams walks the text in
 * JavaScript, which on a cold server took a megabyte hundreds of milliseconds.
 */
function addPairs(raw: string, params: Params): void {
  for (let at = 0; at <= raw.length; ) {
    let end = raw.indexOf('&', at);
    if (end < 0) end = raw.length;
    const pair = raw.slice(at, end);
    at = end + 1;
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = formDecode(rawName);
    if (name === null)
      throw rpcErrors.invalid(
        visibleName(rawName.slice(0, 20)),
        'the parameter name is not valid UTF-8 percent-encoding',
      );
    const value = formDecode(eq < 0 ? '' : pair.slice(eq + 1));
    if (value === null) throw rpcErrors.invalid(visibleName(name.slice(0, 64)), 'not valid UTF-8 percent-encoding');
    params[name] = value;
  }
}

export async function readParams(c: Context<AppEnv>): Promise<Params> {
  const query = new URL(c.req.url).search.slice(1);
  let count = pairCount(query, MAX_RPC_PARAMS);
  if (count > MAX_RPC_PARAMS) throw rpcErrors.tooManyParams(MAX_RPC_PARAMS);
  let form = '';
  if (c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded'))
      throw rpcErrors.invalid('Content-Type', 'POST takes an application/x-www-form-urlencoded form');
    try {
      form = await readSmallBody(c.req.raw.body, BODY_LIMIT);
    } catch (err) {
      if (err instanceof BodyTooLarge) throw rpcErrors.invalid('Body', 'at most 1 MiB');
      throw err;
    }
    count += pairCount(form, MAX_RPC_PARAMS);
    if (count > MAX_RPC_PARAMS) throw rpcErrors.tooManyParams(MAX_RPC_PARAMS);
  }
  // Not an object with a prototype: a parameter named like one of its members is just a parameter.
  const params: Params = Object.create(null) as Params;
  addPairs(query, params);
  addPairs(form, params);
  if (form.length > LONG_TEXT) await nextTurn();
  for (const [k, v] of Object.entries(params)) {
    if (k.length > MAX_PARAM_NAME)
      throw rpcErrors.invalid(
        `${visibleName(k.slice(0, 20))}…`,
        `parameter names are at most ${MAX_PARAM_NAME} characters`,
      );
    if (v.length > MAX_PARAM_VALUE && !LONG_PARAMS.has(k))
      throw rpcErrors.invalid(visibleName(k), `at most ${MAX_PARAM_VALUE} characters`);
    // The same text rule as the API's readers (http/validate.ts): no NUL, no unpaired surrogate.
    const why = textProblem(k) ?? textProblem(v);
    if (why) throw rpcErrors.invalid(visibleName(k), why);
  }
  return params;
}
