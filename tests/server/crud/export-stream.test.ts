import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, insertBooks, numberedBooks, testServerForFile } from '../helpers/test-server';

/**
 * An export never looks complete when it is not: a query that fails before the first byte is an
 * error answer, and one that fails mid-way aborts the download (no final chunk), so the client sees
 * an error instead of a short file ending cleanly with 200.
 */
const s = testServerForFile();
const ROWS = 6000;
// Big rows, so that the export is far larger than what the sockets buffer: the server is still
// reading batches from the database when the test breaks it.
const SUMMARY = 's'.repeat(4000);

beforeAll(async () => {
  const categoryId = await createCategory(s, 'Bulk');
  await insertBooks(s, ROWS, numberedBooks('Bulk book', categoryId, { summary: SUMMARY }));
}, 60_000);

const exportBooks = () =>
  fetch(`${s.url}/prod-api/book/export`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Token': s.adminToken },
    body: JSON.stringify({ keyword: 'Bulk' }),
  });

/** Reads a body to its end or its failure. */
async function readAll(res: Response): Promise<{ bytes: number; text: string; error: unknown }> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch (error) {
    return { bytes: chunks.reduce((n, c) => n + c.length, 0), text: '', error };
  }
  const all = Buffer.concat(chunks);
  return { bytes: all.length, text: all.toString('utf8'), error: null };
}

const breakJoin = () => s.db.schema.alterTable('category_subclass').renameTo('category_subclass_away').execute();
const mendJoin = () => s.db.schema.alterTable('category_subclass_away').renameTo('category_subclass').execute();

describe('CSV export', () => {
  it('sends every row when nothing fails', async () => {
    const res = await exportBooks();
    expect(res.status).toBe(200);
    const { text, error } = await readAll(res);
    expect(error).toBeNull();
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.length - 2).toBe(ROWS);
  });

  it('answers a query that fails at once with an error envelope, not a 200 file', async () => {
    await breakJoin();
    try {
      const res = await exportBooks();
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as { code: number }).code).toBe(50000);
    } finally {
      await mendJoin();
    }
  });

  it('aborts the download when a later batch fails: the client gets an error, not a short file', async () => {
    const res = await exportBooks();
    expect(res.status).toBe(200);
    await breakJoin();
    try {
      const { bytes, error } = await readAll(res);
      expect(error).toBeInstanceOf(Error);
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThan(ROWS * SUMMARY.length);
      expect(s.logs.some((l) => l.includes('book export failed after it began; connection aborted'))).toBe(true);
    } finally {
      await mendJoin();
    }
  });
});
