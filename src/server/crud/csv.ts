const BATCH = 500;

/**
 * A cell as spreadsheets expect it (RFC 4180 quoting). Text starting with = + - @ is prefixed
 * with ' so a spreadsheet never runs a cell as a formula (CSV injection).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = Array.isArray(value) ? value.join(';') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Streams every row of the current filter, one batch per pull, so a large export never sits in
 * memory. The BOM makes Excel read UTF-8.
 *
 * An export must never look complete when it is not. The first batch is read before anything is
 * sent, so a query that fails (a bad filter, a database error) is an ordinary error answer, not a
 * 200 with an empty or cut file. A later batch that fails calls `abort`, which logs it and destroys
 * the connection (http/abort.ts) without the final chunk: the client sees a failed download, never
 * a short file that ends normally. When `abort` cannot (false), the stream errors instead.
 */
export async function csvResponse(
  name: string,
  columns: readonly string[] | undefined,
  fetchBatch: (offset: number, limit: number) => Promise<Record<string, unknown>[]>,
  now: Date,
  abort: (err: unknown) => boolean,
): Promise<Response> {
  const encoder = new TextEncoder();
  let pending: Record<string, unknown>[] | null = await fetchBatch(0, BATCH);
  let offset = 0;
  const header: readonly string[] = columns ?? (pending[0] ? Object.keys(pending[0]) : []);
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let rows: Record<string, unknown>[];
      try {
        rows = pending ?? (await fetchBatch(offset, BATCH));
      } catch (err) {
        // With the connection destroyed the server cancels this stream; nothing more is sent.
        if (!abort(err)) controller.error(err);
        return;
      }
      pending = null;
      offset += rows.length;
      let out = '';
      if (!headerSent) {
        out += `\ufeff${csvLine([...header])}`;
        headerSent = true;
      }
      for (const row of rows) out += csvLine(header.map((k) => row[k]));
      if (out) controller.enqueue(encoder.encode(out));
      if (rows.length < BATCH) controller.close();
    },
  });
  const file = `${name.replace(/\//g, '-')}-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'no-store',
      // Streamed as it is read. Without this, @hono/node-server first reads a few chunks ahead to
      // size small bodies, and an error in those reads ends the answer as a complete file with a
      // Content-Length of what it had: a silently truncated export.
      'Transfer-Encoding': 'chunked',
    },
  });
}
