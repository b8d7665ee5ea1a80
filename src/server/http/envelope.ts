import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Code, type Envelope } from '../../contract/envelope';

/** Every success goes through here so the envelope shape lives in one place. */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200): Response {
  const body: Envelope<T> = { code: Code.Ok, msg: 'ok', data };
  return c.json(body, status);
}

export function envelope(c: Context, code: number, msg: string, data: unknown, status: number): Response {
  const body: Envelope = { code, msg, data };
  return c.json(body, status as ContentfulStatusCode);
}
