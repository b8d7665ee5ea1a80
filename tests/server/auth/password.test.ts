import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../src/server/auth/password';
import { csvCell } from '../../../src/server/crud/csv';
import { escapeLike } from '../../../src/server/db/dialect';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse!', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('rejects malformed or foreign hashes instead of throwing', async () => {
    for (const encoded of ['', 'plain', 'bcrypt$x', 'scrypt$0$8$1$abc$def', 'scrypt$99999999$8$1$abc$def']) {
      expect(await verifyPassword('x', encoded)).toBe(false);
    }
  });
});

describe('escapeLike', () => {
  it.each([
    ['100%', '100\\%'],
    ['snake_case', 'snake\\_case'],
    ['back\\slash', 'back\\\\slash'],
    ["'; DROP TABLE book;--", "'; DROP TABLE book;--"],
  ])('escapes %s', (input, expected) => {
    expect(escapeLike(input)).toBe(expected);
  });
});

describe('csvCell', () => {
  it.each([
    [null, ''],
    [42, '42'],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['@cmd', "'@cmd"],
    [['admin', 'operator'], 'admin;operator'],
  ])('writes %o as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
