import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Code } from '../../contract/envelope';
import type { AppEnv } from '../context';
import { claimKey, findKey, purgeKeys, releaseKey, storeAnswer } from '../db/repositories/idempotency';
import type { Services } from '../services';
import { ApiError, invalidField } from './errors';

/** The request header (IETF draft "The Idempotency-Key HTTP Header Field"; IDEMPOTENCY_HEADER of the worker protocol). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** On an answer replayed from the record instead of processed again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_RE = /^[\w-]{1,100}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a key is remembered: a retry later than this is a new request. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** Old keys are purged by the first keyed write after this much time, per instance. */
const PURGE_EVERY_MS = 60_000;

export const idempotencyInProgress = () =>
  new ApiError(
    Code.Conflict,
    'A request with this Idempotency-Key is still being processed: try again in a moment',
    { idempotency: 'in_progress' },
    { 'Retry-After': '1' },
  );

/**
 * Writes under /prod-api that carry an `Idempotency-Key` (1–100 of A–Z a–z 0–9 _ -) are applied at
 * most once per member and key (docs/api-additions.md): the service worker replays queued writes
 * after a lost answer without creating a record twice. The first request claims the key, runs, and
 * its answer (status and body) is kept; a retry of the same method and path gets that answer again,
 * with `Idempotent-Replayed: true`, and changes nothing. The same key on another method or path is
 * refused (40000 on the field `Idempotency-Key`); a retry while the first still runs gets 409
 * (`data.idempotency: "in_progress"`, Retry-After: 1). An answer of 500 or more applied nothing (the
 * write's transaction rolled back), so its key is given back and a retry runs again. Keys are kept
 * 24 hours. Mounted after the token check: keys belong to the signed-in member.
 */
export function idempotency(services: Services): MiddlewareHandler<AppEnv> {
  const { db } = services;
  let lastPurge = Number.NEGATIVE_INFINITY;
  return async (c, next) => {
    if (!WRITES.has(c.req.method)) return next();
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!KEY_RE.test(key))
      throw invalidField(IDEMPOTENCY_HEADER, '1 to 100 letters, digits, _ or -', { code: 'id_chars' });
    const user = c.get('auth');
    if (!user) return next();

    const now = services.now().getTime();
    if (now - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now;
      await purgeKeys(db, new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString());
    }
    const use = { staffId: user.staffId, key, method: c.req.method, path: c.req.path };
    // Twice at most: a first request that failed may give the key back between the two statements.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await claimKey(db, use, new Date(now).toISOString())) return run();
      const row = await findKey(db, use.staffId, key);
      if (!row) continue;
      if (row.method !== use.method || row.path !== use.path)
        throw invalidField(
          IDEMPOTENCY_HEADER,
          `already used for ${row.method} ${row.path}: a new request needs a new key`,
          { code: 'invalid' },
        );
      if (row.status === null) throw idempotencyInProgress();
      return c.body(row.body ?? '', row.status as ContentfulStatusCode, {
        ...(row.content_type ? { 'Content-Type': row.content_type } : {}),
        [REPLAYED_HEADER]: 'true',
      });
    }
    throw idempotencyInProgress();

    async function run() {
      try {
        await next();
      } catch (err) {
        await releaseKey(db, use.staffId, use.key);
        throw err;
      }
      if (c.res.status >= 500) {
        await releaseKey(db, use.staffId, use.key);
        return;
      }
      // If storing fails the claim stays: the write is done, and a retry must not redo it (it
      // answers 409 until the key is purged).
      await storeAnswer(db, use.staffId, use.key, {
        status: c.res.status,
        contentType: c.res.headers.get('Content-Type'),
        body: await c.res.clone().text(),
      });
    }
  };
}
