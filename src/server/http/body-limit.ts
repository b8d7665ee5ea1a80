import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiError } from './errors';

/**
 * How much of a refused body the server reads and throws away so that the client gets the refusal.
 * Node's fetch (undici), like most clients, reads the answer only once it has sent the body: a
 * server that answers and closes while the body is still coming makes the client fail with EPIPE
 * instead of showing the 413. Beyond this amount the server answers at once and closes the
 * connection (the client may then see a connection error: it was sending far too much).
 */
export const DRAIN_LIMIT = 128 * 1024 * 1024;

/**
 * Reads a request body to its end without keeping it, at most `limit` bytes. True when the body
 * ended within the limit (the connection can carry on), false when it was cut short.
 */
export async function discardBody(req: Request, limit = DRAIN_LIMIT): Promise<boolean> {
  const body = req.body;
  if (!body) return true;
  if (body.locked) return false;
  return discardReader(body.getReader(), limit);
}

/** discardBody for a body already being read. */
export async function discardReader(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit = DRAIN_LIMIT,
): Promise<boolean> {
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > limit) {
        await reader.cancel().catch(() => undefined);
        return false;
      }
    }
  } catch {
    return false;
  }
}

/** The Content-Length of a request that has one (and no Transfer-Encoding), else null. */
export function declaredLength(req: Request): number | null {
  const v = req.headers.get('content-length');
  if (v === null || req.headers.has('transfer-encoding') || !/^\d{1,16}$/.test(v.trim())) return null;
  return Number(v);
}

/**
 * Before refusing a request whose body will not be used: drain it (when it is declared and at most
 * DRAIN_LIMIT) so that the client receives the refusal. Returns whether the connection must close
 * (the body was not, or not entirely, read).
 */
export async function drainBeforeRefusal(req: Request): Promise<{ close: boolean }> {
  const declared = declaredLength(req);
  if (declared === null || declared > DRAIN_LIMIT) return { close: req.body !== null };
  return { close: !(await discardBody(req, declared)) };
}

/**
 * Hono's bodyLimit, plus: a body declared too big is read and thrown away (up to DRAIN_LIMIT) before
 * the 413, so every client receives it. A chunked body found too big while reading is answered at
 * once with `Connection: close`.
 */
export function limitBody(maxSize: number, tooLarge: (close: boolean) => ApiError): MiddlewareHandler {
  const streamed = bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge(true);
    },
  });
  return async (c, next) => {
    const declared = declaredLength(c.req.raw);
    if (declared !== null && declared > maxSize) {
      const { close } = await drainBeforeRefusal(c.req.raw);
      throw tooLarge(close);
    }
    return streamed(c, next);
  };
}
