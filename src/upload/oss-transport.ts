/**
 * The HTTP transport ali-oss uses in the worker (its documented `urllib` option): `fetch` with the
 * part's bytes as the body. ali-oss's bundled browser transport (an XHR shim over a Node `http`
 * emulation) copies every part byte by byte in JavaScript before sending it — about 40-80 ms of
 * worker time per 1 MiB part, which kept the 5 parallel parts from ever being in flight together
 * (bench/upload.ts). Signing, retries of our own, checkpoints and error mapping are unchanged:
 * ali-oss still builds every request; only the sending is ours.
 *
 * Only what the upload calls need: text/XML responses (InitiateMultipartUpload, UploadPart,
 * CompleteMultipartUpload, ListParts, Abort, PutObject). Network failures and timeouts come back
 * the way the XHR shim reported them (status -1 `RequestError`, status -2 `ResponseTimeoutError`),
 * so ali-oss turns them into the same errors and errors.ts classifies them as before.
 */
export interface TransportArgs {
  method?: string;
  headers?: Record<string, string | number | null | undefined>;
  content?: Blob | Uint8Array | string | null;
  timeout?: number | number[];
}

export interface TransportResponse {
  status: number;
  statusCode: number;
  headers: Record<string, string>;
  size: number;
  aborted: boolean;
  rt: number;
  data: string;
  requestUrls: string[];
}

/** Headers the browser sets itself (fetch would drop them anyway). */
const BROWSER_HEADERS = new Set(['host', 'content-length', 'user-agent', 'connection']);

function transportError(name: string, status: -1 | -2, message: string): Error & { status: number } {
  const err = new Error(message) as Error & { status: number };
  err.name = name;
  err.status = status;
  return err;
}

/**
 * A part is a slice of the File (see {@link sendPartsAsBlobs}): the browser streams it from disk.
 * Strings (the XML of Complete) go as bytes, so fetch adds no Content-Type the signature did not cover.
 */
function body(content: TransportArgs['content']): BodyInit | undefined {
  if (content === undefined || content === null || content === '') return undefined;
  return (typeof content === 'string' ? new TextEncoder().encode(content) : content) as BodyInit;
}

export async function request(
  url: string,
  args: TransportArgs,
): Promise<{ data: string; status: number; headers: Record<string, string>; res: TransportResponse }> {
  const method = (args.method ?? 'GET').toUpperCase();
  const headers = new Headers();
  for (const [k, v] of Object.entries(args.headers ?? {})) {
    if (v !== undefined && v !== null && !BROWSER_HEADERS.has(k.toLowerCase())) headers.set(k, String(v));
  }
  const timeout = Array.isArray(args.timeout) ? Math.max(...args.timeout) : args.timeout;
  const started = Date.now();
  let res: Response;
  let data: string;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body(args.content),
      ...(timeout ? { signal: AbortSignal.timeout(timeout) } : {}),
    });
    data = await res.text();
  } catch (e) {
    const error = e as Error;
    if (error.name === 'TimeoutError')
      throw transportError('ResponseTimeoutError', -2, `${method} ${url} timed out after ${timeout} ms`);
    throw transportError('RequestError', -1, `${error.message || 'network error'} (${method} ${url})`);
  }
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    out[k] = v;
  });
  const response: TransportResponse = {
    status: res.status,
    statusCode: res.status,
    headers: out,
    size: data.length,
    aborted: false,
    rt: Date.now() - started,
    data,
    requestUrls: [url],
  };
  return { data, status: res.status, headers: out, res: response };
}

export const fetchTransport = { request };

/**
 * ali-oss reads each part into memory (`_createBuffer`: Blob → ArrayBuffer → Buffer) before
 * sending it. With this transport a part can go as the File's own slice instead: no copy in the
 * worker at all, and the browser streams it from disk, exactly as a plain `fetch(url, { body:
 * file.slice(a, b) })` would. ali-oss uses the content only as the request body (MD5 is off for
 * parts; the length comes from the part size), so nothing else changes. A no-op if a future
 * ali-oss renames the method.
 */
export function sendPartsAsBlobs(client: object): void {
  const c = client as { _createBuffer?: (file: unknown, start: number, end: number) => Promise<unknown> };
  if (typeof c._createBuffer !== 'function') return;
  const original = c._createBuffer.bind(client);
  c._createBuffer = async (file, start, end) =>
    file instanceof Blob ? file.slice(start, end) : original(file, start, end);
}
