import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ZXING_WASM_SHA256 } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';
import { isValidIsbn } from '../../../../src/contract/isbn';
import { ean13CheckDigit, isbnFromEan13, isbnFromTyped } from '../../../../src/features/scan/isbn';

describe('what a scanned EAN-13 is', () => {
  it.each([
    ['9780306406157', '9780306406157'],
    ['9781861972712', '9781861972712'],
    ['9791032305690', '9791032305690'],
    [' 9780306406157 ', '9780306406157'],
  ])('%s is the ISBN %s', (code, isbn) => {
    expect(isbnFromEan13(code)).toBe(isbn);
    // The same rule as the book form's (contract/isbn.ts).
    expect(isValidIsbn(isbn)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '9780306406158'],
    ['a product, not a book (prefix 400)', '4006381333931'],
    ['a price add-on prefix 977 (a periodical, ISSN)', '9771234567003'],
    ['twelve digits', '978030640615'],
    ['fourteen digits', '97803064061570'],
    ['an ISBN-10', '0306406152'],
    ['letters', '978030640615X'],
    ['empty', ''],
  ])('%s is not an ISBN', (_why, code) => {
    expect(isbnFromEan13(code)).toBeUndefined();
  });

  it('computes the EAN-13 check digit, 0 included', () => {
    expect(ean13CheckDigit('978030640615')).toBe(7);
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('978000000000')).toBe(2);
    expect(ean13CheckDigit('979103230569')).toBe(0);
    // A product's code with the right digit is still not a book's.
    expect(isbnFromEan13('4006381333931')).toBeUndefined();
  });
});

describe('what a USB scanner types into the search box', () => {
  it('takes 13 digits of an ISBN, hyphens of a hand-typed one too', () => {
    expect(isbnFromTyped('9780306406157')).toBe('9780306406157');
    expect(isbnFromTyped('978-0-306-40615-7')).toBe('9780306406157');
  });

  it('leaves anything else to the keyword search', () => {
    for (const text of [
      'Dune',
      '9780306406158',
      '978030640615',
      '0306406152',
      'ISBN 9780306406157',
      '978 0306406157',
    ]) {
      expect(isbnFromTyped(text), text).toBeUndefined();
    }
  });
});

describe("the barcode reader's WebAssembly", () => {
  it('is the build the polyfill was made for (we serve it ourselves, not from a CDN)', () => {
    // zxing-detector.ts imports zxing-wasm's reader .wasm with `?url`; the polyfill's glue code
    // must match it byte for byte, or the module would not instantiate.
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    expect(createHash('sha256').update(wasm).digest('hex')).toBe(ZXING_WASM_SHA256);
  });
});
