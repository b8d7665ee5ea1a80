import { type Slicer, yieldToLoop } from '../lib/slices';

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

const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

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
        // A turn of the event loop before each batch: the socket's writes do not always make one,
        // and a large export would otherwise hold every other request until it ends.
        if (!pending) await yieldToLoop();
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

/** A CSV file that is not valid CSV, near `line` (1-based, line breaks inside quotes counted). */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** One record: its first cells (at most what was asked for) and how many it has. */
export interface CsvRecord {
  cells: string[];
  count: number;
}

/** Characters read between two ticks of the slicer. */
const STEP = 64 * 1024;
const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

const utf16 = new TextDecoder('utf-16le');

/**
 * The text between `from` and `to` with each "" made ". Copied by code unit: replaceAll takes
 * seconds on a field of millions of doubled quotes, this a few milliseconds.
 */
function unescapeQuotes(t: string, from: number, to: number): string {
  const out = new Uint16Array(to - from);
  let w = 0;
  for (let i = from; i < to; i++) {
    const c = t.charCodeAt(i);
    out[w++] = c;
    if (c === QUOTE) i++;
  }
  return utf16.decode(out.subarray(0, w));
}

/**
 * Reads CSV text (RFC 4180: commas, fields in double quotes with "" for a quote, line breaks \r\n,
 * \n or \r) one record at a time, so that the caller can yield between records and stop at a
 * limit. Empty lines are skipped. A record keeps at most `keep` cells and only counts the others:
 * a row of a million cells costs a scan of its text, never a million strings. Every step is a scan
 * forward, so the whole file costs time in proportion to its length, whatever its shape.
 */
export class CsvReader {
  private at = 0;
  private line = 1;
  constructor(private readonly text: string) {}

  /**
   * The next record, or null at the end of the text. Throws CsvSyntaxError. `slice` is ticked before
   * the record and every STEP characters within it: a single record can be the whole file, and an
   * await alone is no turn of the event loop (10,000 short rows were one pause of 30–90 ms).
   */
  async next(keep: number, slice: Slicer): Promise<CsvRecord | null> {
    await slice.tick();
    // One function with local state: these loops run over every character of a 5 MiB file.
    const t = this.text;
    const n = t.length;
    let i = this.at;
    let line = this.line;
    let steps = 0;
    for (; i < n; i++) {
      if (++steps === STEP) {
        steps = 0;
        await slice.tick();
      }
      const c = t.charCodeAt(i);
      if (c === LF) line++;
      else if (c === CR) {
        if (t.charCodeAt(i + 1) === LF) i++;
        line++;
      } else break;
    }
    if (i >= n) {
      this.at = i;
      this.line = line;
      return null;
    }
    const cells: string[] = [];
    let count = 0;
    for (;;) {
      let value = '';
      if (t.charCodeAt(i) === QUOTE) {
        const from = i + 1;
        const startLine = line;
        let escaped = false;
        for (i = from; ; i++) {
          if (++steps === STEP) {
            steps = 0;
            await slice.tick();
          }
          if (i >= n) throw new CsvSyntaxError('a quoted field is not closed', startLine);
          const c = t.charCodeAt(i);
          if (c === QUOTE) {
            if (t.charCodeAt(i + 1) !== QUOTE) break;
            escaped = true;
            i++;
          } else if (c === LF || (c === CR && t.charCodeAt(i + 1) !== LF)) line++;
        }
        if (count < keep) value = escaped ? unescapeQuotes(t, from, i) : t.slice(from, i);
        i++;
        const c = t.charCodeAt(i);
        if (i < n && c !== COMMA && c !== LF && c !== CR) {
          throw new CsvSyntaxError(`a closing quote is followed by "${t[i]}"`, line);
        }
      } else {
        const from = i;
        for (; i < n; i++) {
          if (++steps === STEP) {
            steps = 0;
            await slice.tick();
          }
          const c = t.charCodeAt(i);
          if (c === COMMA || c === LF || c === CR) break;
          if (c === QUOTE) throw new CsvSyntaxError('a quote inside a field that does not start with one', line);
        }
        if (count < keep) value = t.slice(from, i);
      }
      if (count < keep) cells.push(value);
      count++;
      if (i >= n) break;
      const c = t.charCodeAt(i);
      i++;
      if (c === COMMA) continue;
      if (c === CR && t.charCodeAt(i) === LF) i++;
      line++;
      break;
    }
    this.at = i;
    this.line = line;
    return { cells, count };
  }
}
