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
 */
export function csvResponse(
  name: string,
  columns: readonly string[] | undefined,
  fetchBatch: (offset: number, limit: number) => Promise<Record<string, unknown>[]>,
  now: Date,
): Response {
  const encoder = new TextEncoder();
  let offset = 0;
  let header: readonly string[] | undefined = columns;
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await fetchBatch(offset, BATCH);
      offset += rows.length;
      let out = '';
      if (!headerSent) {
        header ??= rows[0] ? Object.keys(rows[0]) : [];
        out += `\ufeff${csvLine([...header])}`;
        headerSent = true;
      }
      for (const row of rows) out += csvLine((header ?? []).map((k) => row[k]));
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
    },
  });
}
