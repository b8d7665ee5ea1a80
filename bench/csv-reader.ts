/**
 * The import's CSV reader (src/server/crud/csv.ts) against csv-parse, the library it replaced, on
 * files within the import's limits (5 MiB, 10,000 rows; most from tests/responsiveness/): the time
 * to read the header and up to one row past the limit, and the longest pause of the event loop
 * meanwhile. csv-parse is measured twice: streamed (16 KiB written at a time, a turn of the event
 * loop every 5 ms, records taken as parsed, cut to the cells the import keeps) and as the import
 * called it before (`csv-parse/sync`, the whole text in one call). Medians of the runs, in turn.
 *
 * `npx tsx bench/csv-reader.ts [runs]` (default 5); also `npm run bench csv`.
 */
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { CsvReader, type CsvRecord } from '../src/server/crud/csv';
import { Slicer } from '../src/server/lib/slices';
import { median } from './pages';

const MAX = 10_000;
/** What the import keeps of a book row: its columns, its ignored ones and one more. */
const KEEP = 12;
const OPTIONS = { relax_column_count: true, skip_empty_lines: true, record_delimiter: ['\r\n', '\n', '\r'] };
const FULL = 5 * 1024 * 1024 - 200;
const HEAD = 'title,author,categoryId,stock,status';
const rows = (row: (i: number) => string) => Array.from({ length: MAX }, (_, i) => row(i)).join('\n');
const fill = (unit: string) => unit.repeat(Math.floor(FULL / unit.length));
const CASES: [string, () => string][] = [
  ['10,000 valid rows', () => `${HEAD}\n${rows((i) => `Valid ${i},Author,1,1,on_shelf`)}`],
  [
    '10,000 rows, every field wrong',
    () =>
      `title,author,isbn,publisher,publishDate,categoryId,subclassId,coverUrl,summary,stock,status\n${rows((i) => `,,97800000000${i % 10},${'p'.repeat(300)},2099-13-45,nope ${i},sub,ftp:x,,-1.5,lost`)}`,
  ],
  ['10,000 long quoted titles', () => `${HEAD}\n${rows(() => `"${'a,"",\n'.repeat(80)}",A,1,1,on_shelf`)}`],
  ['10,000 rows of 260 cells', () => `${HEAD}\n${rows(() => Array(260).fill('x').join(','))}`],
  ['2.6 million one-cell rows', () => `${HEAD}\n${fill('x\n')}`],
  ['a header of 5 million empty columns', () => `${fill(',')}\nx\n`],
  ['one 5 MiB quoted title', () => `${HEAD}\n"${fill('x')}",A,1,1,on_shelf\n`],
];

/** The import's way (import-csv.ts readRecords): a record at a time, the slicer ticked inside. */
async function reader(text: string): Promise<number> {
  const csv = new CsvReader(text);
  const slice = new Slicer();
  const out: CsvRecord[] = [];
  for (let r = await csv.next(KEEP, slice); r && out.length <= MAX + 1; r = await csv.next(KEEP, slice)) out.push(r);
  return out.length;
}

/** csv-parse's stream API, written a slice at a time; each record is taken (and cut) as it is parsed. */
async function streamed(text: string): Promise<number> {
  const out: CsvRecord[] = [];
  let failed: Error | undefined;
  const parser = parse({
    ...OPTIONS,
    on_record: (r: string[]) => {
      out.push({ cells: r.slice(0, KEEP), count: r.length });
      return null;
    },
  });
  parser.on('error', (err) => {
    failed = err;
  });
  const slice = new Slicer();
  let at = 0;
  for (; at < text.length && !failed && out.length <= MAX + 1; at += 16 * 1024) {
    await slice.tick();
    parser.write(text.slice(at, at + 16 * 1024));
  }
  if (at >= text.length && !failed) {
    parser.end();
    await finished(parser.resume()).catch(() => {});
  }
  parser.destroy();
  if (failed) throw failed;
  return Math.min(out.length, MAX + 2);
}

/** What the import ran before the reader: one synchronous call, stopped one row past the limit. */
const whole = async (text: string) => parseSync(text, { ...OPTIONS, to: MAX + 2 }).length;

const READERS = [reader, streamed, whole];

/**
 * Time and longest event-loop pause of one read (-1 records if it failed). The pause is the longest
 * gap between two ticks of a 1 ms timer, less its 1 ms: a read in one call is one long gap.
 */
async function measure(read: (text: string) => Promise<number>, text: string) {
  let last = performance.now();
  let pause = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pause = Math.max(pause, now - last - 1);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, 3));
  pause = 0;
  const start = performance.now();
  const records = await read(text).catch(() => -1);
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 3));
  clearInterval(timer);
  return { ms, pause, records };
}

export async function benchCsvReader(runs = 5): Promise<string> {
  const lines = [
    `CSV import's reader against csv-parse, median of ${runs} runs (ms; × the reader; longest event-loop pause in brackets)`,
    '',
    '| file | reader | csv-parse, streamed | csv-parse/sync, one call |',
    '| ---- | -----: | ------------------: | -----------------------: |',
  ];
  for (const [name, make] of CASES) {
    const text = make();
    const ms: number[][] = READERS.map(() => []);
    const pauses: number[][] = READERS.map(() => []);
    const counts = new Set<number>();
    for (let run = 0; run < runs; run++) {
      for (const [i, read] of READERS.entries()) {
        const m = await measure(read, text);
        ms[i]?.push(m.ms);
        pauses[i]?.push(m.pause);
        counts.add(m.records);
      }
    }
    // The three read the same records (or all refuse the file): otherwise the times compare nothing.
    if (counts.size !== 1) throw new Error(`${name}: the readers disagree (${[...counts].join(', ')} records)`);
    const base = median(ms[0] ?? []);
    const cell = (i: number) => {
      const t = median(ms[i] ?? []);
      const ratio = i === 0 ? '' : ` (×${(t / base).toFixed(1)})`;
      return `${Math.round(t)}${ratio} [${Math.round(median(pauses[i] ?? []))}]`;
    };
    lines.push(`| ${name} | ${READERS.map((_, i) => cell(i)).join(' | ')} |`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchCsvReader(Number(process.argv[2] ?? 5)));
}
