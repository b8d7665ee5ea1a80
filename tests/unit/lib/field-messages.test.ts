import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_CODES, REPORT_INPUT, reasonOf } from '../../../src/contract/field-codes';
import { fieldMessage } from '../../../src/lib/field-messages';
import { bookCreateSchema } from '../../../src/resources/book/schema';
import { staffCreateSchema } from '../../../src/resources/staff/schema';
import { itSaysEveryCode } from './every-code';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('every field code in every language', () => {
  itSaysEveryCode(FIELD_CODES, (code) => fieldMessage({ code, params: FIELD_CODES[code] }));

  it('falls back to the server text for no code, an unknown code or missing parameters', () => {
    expect(fieldMessage(undefined, 'as sent')).toBe('as sent');
    expect(fieldMessage({ code: 'not_a_code' }, 'as sent')).toBe('as sent');
    expect(fieldMessage({ code: 'max_length' }, 'at most 5 characters')).toBe('at most 5 characters');
  });
});

describe('zod issues → code and parameters (server and console alike)', () => {
  const reasons = (schema: z.ZodType, value: unknown) => {
    const r = schema.safeParse(value, REPORT_INPUT);
    if (r.success) return {};
    return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), reasonOf(i)]));
  };

  it.each([
    ['missing', z.object({ a: z.string() }), {}, { code: 'required' }],
    ['null', z.object({ a: z.number() }), { a: null }, { code: 'required' }],
    ['a string for a number', z.object({ a: z.number() }), { a: 'x' }, { code: 'number' }],
    ['a fraction', z.object({ a: z.number().int() }), { a: 1.5 }, { code: 'integer' }],
    ['not a boolean', z.object({ a: z.boolean() }), { a: 'yes' }, { code: 'boolean' }],
    ['not a list', z.object({ a: z.array(z.string()) }), { a: 'x' }, { code: 'list' }],
    ['empty text', z.object({ a: z.string().min(1) }), { a: '' }, { code: 'required' }],
    ['short text', z.object({ a: z.string().min(3) }), { a: 'ab' }, { code: 'min_length', params: { min: 3 } }],
    ['long text', z.object({ a: z.string().max(2) }), { a: 'abc' }, { code: 'max_length', params: { max: 2 } }],
    ['too small', z.object({ a: z.number().min(1) }), { a: 0 }, { code: 'min', params: { min: 1 } }],
    ['too big', z.object({ a: z.number().max(9) }), { a: 10 }, { code: 'max', params: { max: 9 } }],
    ['not positive', z.object({ a: z.number().positive() }), { a: 0 }, { code: 'positive' }],
    ['too few', z.object({ a: z.array(z.string()).min(1) }), { a: [] }, { code: 'min_items', params: { min: 1 } }],
    [
      'too many',
      z.object({ a: z.array(z.string()).max(1) }),
      { a: ['x', 'y'] },
      { code: 'max_items', params: { max: 1 } },
    ],
    ['not a choice', z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }, { code: 'one_of', params: { values: 'x, y' } }],
    ['not an email', z.object({ a: z.email() }), { a: 'x' }, { code: 'email' }],
    ['not a date-time', z.object({ a: z.iso.datetime() }), { a: 'x' }, { code: 'datetime' }],
  ])('%s', (_what, schema, value, reason) => {
    expect(reasons(schema, value)).toEqual({ a: reason });
  });

  it('reads the code a contract refine names, with its parameters', () => {
    const r = reasons(bookCreateSchema, { title: 'T', author: 'A', isbn: '123', categoryId: 1, stock: 1, status: 'x' });
    expect(r.isbn).toEqual({ code: 'isbn', params: {} });
    expect(r.status).toEqual({ code: 'one_of', params: { values: 'on_shelf, off_shelf' } });
    const s = reasons(staffCreateSchema, {
      userName: 'a b',
      phone: 'x',
      name: 'N',
      roles: ['admin', 'admin'],
      status: 'active',
      password: 'short',
    });
    expect(s).toMatchObject({
      userName: { code: 'user_name_chars' },
      phone: { code: 'phone' },
      roles: { code: 'roles_repeat' },
      password: { code: 'min_length', params: { min: 12 } },
    });
  });

  it('says Required for a required field left empty, whatever check it failed', async () => {
    const { resourceCreateSchema } = await import('../../../src/resources/resource/schema');
    const { readerCreateSchema } = await import('../../../src/resources/reader/schema');
    // An empty Type: not "Must be one of ebook, audio, video, document, link".
    expect(reasons(resourceCreateSchema, { title: 'T', type: '', url: 'https://x.org' }).type).toEqual({
      code: 'required',
    });
    // An empty (or blank) Phone: not "Must be a phone number".
    for (const phone of ['', '   ']) {
      expect(reasons(readerCreateSchema, { nickName: 'N', phone, status: 'active' }).phone).toEqual({
        code: 'required',
      });
    }
    expect(reasons(readerCreateSchema, { nickName: 'N', phone: 'x', status: 'active' }).phone).toEqual({
      code: 'phone',
      params: {},
    });
    expect(reasons(z.object({ a: z.enum(['x', 'y']) }), { a: '' })).toEqual({ a: { code: 'required' } });
  });

  it('every refine in the contract says why with a code', () => {
    // A refine without `because(...)` would reach the user as "Invalid value" in every language.
    const dir = join(process.cwd(), 'src/contract');
    const resources = join(process.cwd(), 'src/resources');
    const files = [
      ...readdirSync(dir)
        .filter((n) => n.endsWith('.ts'))
        .map((n) => join(dir, n)),
      ...readdirSync(resources)
        .map((r) => join(resources, r, 'schema.ts'))
        .filter((f) => existsSync(f)),
    ];
    const bare: string[] = [];
    for (const file of files) {
      const f = file.slice(process.cwd().length + 1);
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/\.(refine|regex)\(/g)) {
        // The call's arguments, up to its closing parenthesis.
        let depth = 0;
        let end = m.index + m[0].length - 1;
        do {
          if (src[end] === '(') depth++;
          else if (src[end] === ')') depth--;
          end++;
        } while (depth > 0 && end < src.length);
        const call = src.slice(m.index, end);
        if (m[1] === 'regex' || !call.includes('because(')) bare.push(`${f}: ${call}`);
      }
    }
    expect(bare).toEqual([]);
    expect(readFileSync(join(resources, 'book/schema.ts'), 'utf8')).toContain(".refine(isValidIsbn, because('isbn'");
  });
});
