import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvReader, type CsvRecord } from '../../../src/server/crud/csv';
import { mulberry32 } from '../../../src/server/db/seed/random';
import { Slicer } from '../../../src/server/lib/slices';

/**
 * The import's CSV reader reads what csv-parse (the reader it replaced, with the options the
 * import used) reads, record for record, and refuses what it refuses; it keeps only the cells
 * asked for but counts them all.
 */
async function readAll(text: string, keep = Number.POSITIVE_INFINITY): Promise<CsvRecord[]> {
  const reader = new CsvReader(text);
  const slice = new Slicer();
  const out: CsvRecord[] = [];
  for (let r = await reader.next(keep, slice); r; r = await reader.next(keep, slice)) out.push(r);
  return out;
}

const reference = (text: string): string[][] | 'error' => {
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: true });
  } catch {
    return 'error';
  }
};

const ours = async (text: string): Promise<string[][] | 'error'> => {
  try {
    return (await readAll(text)).map((r) => r.cells);
  } catch {
    return 'error';
  }
};

describe('CSV reader', () => {
  it('reads the files an export writes and people save', async () => {
    const cases = [
      'a,b,c\r\n1,2,3\r\n',
      'a,b\n"x, ""y""",z\n',
      'a\n"line one\nline two"\n',
      'a,b\n\n\n1,2\n\n',
      'a,b\r1,2\r',
      'a,,b\n,,\n',
      '"",x\n',
      'a,b\n1,2',
      'café,中文\n"😀",ok\n',
    ];
    for (const text of cases) expect(await ours(text), JSON.stringify(text)).toEqual(reference(text));
  });

  it('refuses what csv-parse refuses', async () => {
    for (const text of ['a\n"open', 'a\n"x"y,1\n', 'a\nx"y\n', 'a\n"x" ,1\n']) {
      expect(await ours(text), JSON.stringify(text)).toBe('error');
      expect(reference(text), JSON.stringify(text)).toBe('error');
    }
  });

  it('agrees with csv-parse on 5,000 random files of one line ending each', async () => {
    const next = mulberry32(20240601);
    for (const eol of ['\n', '\r\n', '\r']) {
      const alphabet = ['a', 'b', ' ', ',', ',', '"', '"', eol, eol, 'é'];
      for (let n = 0; n < 5000 / 3; n++) {
        let text = '';
        const length = Math.floor(next() * 24);
        for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
        expect(await ours(text), JSON.stringify(text)).toEqual(reference(text));
      }
    }
  });

  it('keeps the cells asked for and counts the rest', async () => {
    const records = await readAll(`a,b,c,d\n"1,",2,"3""",4\n${'x,'.repeat(100_000)}x\n`, 2);
    expect(records).toEqual([
      { cells: ['a', 'b'], count: 4 },
      { cells: ['1,', '2'], count: 4 },
      { cells: ['x', 'x'], count: 100_001 },
    ]);
  });

  it('lets the event loop turn between records, however short', async () => {
    let turns = 0;
    let reading = true;
    const spin = () => {
      if (!reading) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    // A budget of 0 ms: the slicer yields at every tick.
    const reader = new CsvReader('a\n'.repeat(1000));
    const slice = new Slicer(undefined, 0);
    let records = 0;
    while (await reader.next(1, slice)) records++;
    reading = false;
    expect(records).toBe(1000);
    expect(turns).toBeGreaterThanOrEqual(1000);
  });

  it('names the line of a syntax error, counting line breaks inside quotes', async () => {
    await expect(readAll('a\n"one\ntwo"\nx"y\n')).rejects.toMatchObject({ line: 4 });
    await expect(readAll('a\r\nb\r\n"open\r\n')).rejects.toMatchObject({ line: 3 });
  });
});
