import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '../../../src/contract/common';
import {
  hasValidationRule,
  translateFieldErrors,
  translateValidationMessage,
  zodResolver,
} from '../../../src/lib/zod-form';
import { bookCreateSchema } from '../../../src/resources/book/schema';

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('translateValidationMessage', () => {
  it.each([
    ['required', 'Required'],
    ['at most 200 characters', 'At most 200 characters'],
    ['at least 8 characters', 'At least 8 characters'],
    ['at most 1000000', 'Must be at most 1000000'],
    ['must be at most 100', 'Must be at most 100'],
    ['must be 0 or more', 'Must be 0 or more'],
    ['must be an integer', 'Must be a whole number'],
    [
      'must be an ISBN-10 or ISBN-13 with a valid check digit',
      'Must be an ISBN-10 or ISBN-13 with a valid check digit',
    ],
    ['must be on_shelf or off_shelf', 'Must be on_shelf or off_shelf'],
    ['must be an http(s) URL or a path', 'Must be an http(s) URL or a path'],
    ['at least 12 characters', 'At least 12 characters'],
    ['too common: it appears in lists of breached passwords', 'Too common: it appears in lists of breached passwords'],
    ['too easy to guess', 'Too easy to guess: make it longer or less predictable'],
    ['is not your current password', 'This is not your current password'],
    ['must differ from the current password', 'Must differ from the current password'],
    ['change your own password on the Change password page', 'Change your own password on the Change password page'],
    ['something the server made up', 'something the server made up'],
  ])('%s → %s', (message, expected) => {
    expect(translateValidationMessage(message)).toBe(expected);
  });

  it("shows the message in the user's language", () => {
    const required = msg`Required`;
    // Same message, same placeholder name: the same id as the one in zod-form.ts.
    const max = '';
    const atMost = msg`At most ${max} characters`;
    i18n.loadAndActivate({
      locale: 'es',
      messages: { [required.id]: 'Obligatorio', [atMost.id]: 'Como máximo {max} caracteres' },
    });
    expect(translateValidationMessage('required')).toBe('Obligatorio');
    expect(translateValidationMessage('at most 50 characters')).toBe('Como máximo 50 caracteres');
  });
});

describe('zodResolver', () => {
  const schema = z.strictObject({ name: requiredText(1, 5), tags: z.array(z.string().min(1, 'required')) });

  it('maps every bad field to its path with a translated message', () => {
    const validate = zodResolver<{ name: string; tags: string[] }>(schema);
    expect(validate({ name: 'toolong', tags: ['ok', ''] })).toEqual({
      name: 'At most 5 characters',
      'tags.1': 'Required',
    });
  });

  it('gives no errors for valid values', () => {
    expect(zodResolver(schema)({ name: 'ok', tags: [] })).toEqual({});
  });

  it('validates what prepare adds (an update’s id and version)', () => {
    const withId = z.strictObject({ name: requiredText(1, 5), id: z.number({ error: 'required' }) });
    const validate = zodResolver<{ name: string }>(withId, (v) => ({ ...v, id: 7 }));
    expect(validate({ name: 'ok' })).toEqual({});
  });

  it('validates a book form exactly as the server would', () => {
    const errors = zodResolver(bookCreateSchema)({
      title: '',
      author: 'A',
      isbn: '978-0-306-40615-6',
      publisher: '',
      publishDate: '2020-02-30x',
      categoryId: null,
      subclassId: null,
      coverUrl: 'javascript:alert(1)',
      summary: '',
      stock: -1,
      status: 'on_shelf',
    });
    expect(errors).toEqual({
      title: 'Required',
      isbn: 'Must be an ISBN-10 or ISBN-13 with a valid check digit',
      publishDate: 'Must be a date (YYYY-MM-DD)',
      categoryId: 'Required',
      coverUrl: 'Must be an http(s) URL or a path',
      stock: 'Must be 0 or more',
    });
  });
});

describe('translateFieldErrors', () => {
  it('translates server field errors by path', () => {
    expect(translateFieldErrors({ isbn: 'required', title: 'already exists' })).toEqual({
      isbn: 'Required',
      title: 'Already in use',
    });
  });
});

describe('every contract message has a translation rule', () => {
  // The contract's messages are literals in src/contract and each resource's schema.ts; each must
  // reach the user translated.
  const contract = join(process.cwd(), 'src/contract');
  const resources = join(process.cwd(), 'src/resources');
  const sources = [
    ...readdirSync(contract)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(contract, f)),
    ...readdirSync(resources).map((r) => join(resources, r, 'schema.ts')),
  ]
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f, 'utf8'));
  const messages = new Set<string>();
  for (const src of sources) {
    // 'too large' is a message; 'tooShort' (password-policy.ts) is a value in code.
    for (const [, m = ''] of src.matchAll(/'((?:must|at (?:most|least)|required|letters|choose|roles|too )[^']*)'/g)) {
      messages.add(m);
    }
    for (const [, m = ''] of src.matchAll(/`((?:must|at (?:most|least))[^`]*)`/g)) {
      messages.add(m.replace(/\$\{[^}]+\}/g, '1000'));
    }
  }

  it('finds the messages', () => {
    expect(messages.size).toBeGreaterThan(25);
    expect(messages).toContain('must be 1000 or later');
  });

  it.each([...messages])('%s', (m) => {
    expect(hasValidationRule(m)).toBe(true);
  });
});
