import { describe, expect, it } from 'vitest';
import { appendBounded, type ErrorLogEntry, errorLogEnabled, toEntry } from '../../../src/lib/error-log';

const entry = (n: number): ErrorLogEntry => toEntry(new Error(`e${n}`), 'window', '', 'http://x/y');

describe('error log', () => {
  it('keeps the newest entries and drops the oldest past the bound', () => {
    let log: ErrorLogEntry[] = [];
    for (let i = 1; i <= 5; i++) log = appendBounded(log, entry(i), 3);
    expect(log.map((e) => e.err.message)).toEqual(['e3', 'e4', 'e5']);
  });

  it('records err, vm, info, url and time', () => {
    const e = toEntry('plain text', 'promise', 'unhandled rejection', 'http://x/web/book');
    expect(e).toMatchObject({
      err: { message: 'plain text' },
      vm: 'promise',
      info: 'unhandled rejection',
      url: 'http://x/web/book',
    });
    expect(Date.parse(e.time)).not.toBeNaN();
  });

  it.each([
    ['production', true, true],
    ['production', false, false],
    ['development', false, true],
    ['development', true, false],
    ['always', false, true],
    ['never', true, false],
  ])('setting %s in production=%s collects: %s', (setting, production, expected) => {
    expect(errorLogEnabled(setting, production)).toBe(expected);
  });
});
