import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * Ends a response that is already under way by destroying its connection: no final chunk is sent,
 * so the client sees a failed transfer instead of a body that ends normally. (Erroring the body
 * stream is not enough: @hono/node-server may then end the answer itself, with the error text as
 * the last chunk.) False where there is no connection to destroy (app.request in tests).
 */
export function abortResponse(c: Context): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.destroy !== 'function') return false;
  outgoing.destroy();
  return true;
}
