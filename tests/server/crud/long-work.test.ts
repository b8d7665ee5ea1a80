import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/server/ops/logger';
import { pageOf } from '../helpers/crud';
import { createCategory, insertBooks, numberedBooks, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Long work (an import, a bulk delete, a batch edit) runs in slices and stops when its client
 * leaves: the transaction rolls back, so nothing is half done, and the request ends at once
 * instead of running to its end for nobody.
 */
let s: TestServer;
const raw: string[] = [];
let category = 0;

beforeAll(async () => {
  const logger = await createLogger({ level: 'info', format: 'json', destination: { write: (l) => raw.push(l) } });
  s = await startTestServer({ ops: { logger } });
  category = await createCategory(s, 'Long work');
});
afterAll(() => s.close());

interface AccessLine {
  path?: string;
  status: number;
  durationMs: number;
}

/** The access line of the next request to `path` that ends after line `from` of the log. */
async function ended(path: string, from: number): Promise<AccessLine> {
  for (const t0 = Date.now(); Date.now() - t0 < 60_000; ) {
    const line = raw
      .slice(from)
      .map((l) => JSON.parse(l) as AccessLine)
      .find((l) => l.path === path);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} did not end within a minute`);
}

/**
 * Sends `init` to `path`, leaves after `leaveMs` (the work is under way by then: each of these
 * takes seconds), and returns how the server ended it.
 */
async function leaveMidway(path: string, init: RequestInit, leaveMs = 400): Promise<AccessLine> {
  const from = raw.length;
  const ac = new AbortController();
  const sent = fetch(`${s.url}${path}`, { ...init, signal: ac.signal }).catch((err: unknown) => err);
  await new Promise((r) => setTimeout(r, leaveMs));
  ac.abort();
  expect(await sent).toBeInstanceOf(Error);
  return ended(path, from);
}

/** The whole request, to its answer, with how long the server took. */
async function toTheEnd(path: string, init: RequestInit): Promise<{ line: AccessLine; body: unknown }> {
  const from = raw.length;
  const res = await fetch(`${s.url}${path}`, init);
  const body = await res.json();
  return { line: await ended(path, from), body };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
  body: JSON.stringify(body),
});

const count = async (keyword: string) => (await pageOf(s, 'book', { keyword, pageSize: 1 })).body.data.total;

const audits = async (action: 'create' | 'update' | 'delete') =>
  Number(
    (
      await s.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('resource', '=', 'book')
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('long work whose client leaves', () => {
  it('an import stops and writes nothing; the same file then imports whole', async () => {
    const csvOf = (title: string) =>
      `title,author,categoryId,stock,status\n${Array.from(
        { length: 10_000 },
        (_, i) => `${title} ${i},Author,${category},1,on_shelf`,
      ).join('\n')}`;
    const init = (csv = csvOf('Leaving')): RequestInit => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'books.csv');
      return { method: 'POST', body: form, headers: { 'X-Token': s.adminToken } };
    };
    // How long a whole import takes on this machine (a quiet one does 10,000 rows in under half a
    // second): the client below leaves at a quarter of that, well before the end.
    const timed = await toTheEnd('/prod-api/book/import', init(csvOf('Timing')));
    expect(timed.body).toMatchObject({ data: { created: 10_000 } });
    const createdBefore = await audits('create');
    const left = await leaveMidway('/prod-api/book/import', init(), Math.max(20, timed.line.durationMs / 4));
    expect(left.status).toBe(400);
    expect(await count('Leaving')).toBe(0);
    expect(await audits('create')).toBe(createdBefore);

    const whole = await toTheEnd('/prod-api/book/import', init());
    expect(whole.body).toMatchObject({ data: { created: 10_000 } });
    expect(await count('Leaving')).toBe(10_000);
    // It stopped when its client left, not at the end of the work.
    expect(left.durationMs).toBeLessThan(whole.line.durationMs);
  }, 120_000);

  it('a bulk delete stops and deletes nothing; the same request then deletes all', async () => {
    await insertBooks(s, 2000, numberedBooks('Purging', category));
    const request = { filter: { keyword: 'Purging' }, expected: 2000 };
    const deletedBefore = await audits('delete');
    // 2,000 deletes take a few hundred milliseconds on a quiet machine: leave early in them.
    const left = await leaveMidway('/prod-api/book/bulk-delete', json(request), 100);
    expect(left.status).toBe(400);
    expect(await count('Purging')).toBe(2000);
    expect(await audits('delete')).toBe(deletedBefore);

    const whole = await toTheEnd('/prod-api/book/bulk-delete', json(request));
    expect(whole.body).toMatchObject({ data: { matched: 2000, deleted: 2000, refused: [] } });
    expect(await count('Purging')).toBe(0);
    expect(left.durationMs).toBeLessThan(whole.line.durationMs);
  }, 120_000);

  it('a batch edit stops and changes nothing; the same request then changes all', async () => {
    await insertBooks(s, 2000, numberedBooks('Shelving', category));
    const request = { filter: { keyword: 'Shelving' }, expected: 2000, set: { status: 'off_shelf' } };
    const updatedBefore = await audits('update');
    const left = await leaveMidway('/prod-api/book/batch', json(request), 100);
    expect(left.status).toBe(400);
    expect((await pageOf(s, 'book', { keyword: 'Shelving', status: 'off_shelf', pageSize: 1 })).body.data.total).toBe(
      0,
    );
    expect(await audits('update')).toBe(updatedBefore);

    const whole = await toTheEnd('/prod-api/book/batch', json(request));
    expect(whole.body).toMatchObject({ data: { matched: 2000, changed: 2000 } });
    expect(left.durationMs).toBeLessThan(whole.line.durationMs);
  }, 120_000);
});
