import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '../../../src/contract/common';
import { translateFieldErrors, zodResolver } from '../../../src/lib/zod-form';
import { bookCreateSchema } from '../../../src/resources/book/schema';

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
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
  it('translates server field errors by code and parameters, whatever the English text says', () => {
    expect(
      translateFieldErrors({
        isbn: { path: 'isbn', message: 'whatever', code: 'required' },
        title: { path: 'title', message: 'title "X" is already in use', code: 'taken' },
        name: { path: 'name', message: 'at most 50 characters', code: 'max_length', params: { max: 50 } },
      }),
    ).toEqual({ isbn: 'Required', title: 'Already in use', name: 'At most 50 characters' });
  });

  it('shows the server text for an error without a code, or one this console does not know', () => {
    expect(
      translateFieldErrors({
        categoryId: { path: 'categoryId', message: 'no such category' },
        x: { path: 'x', message: 'from a newer server', code: 'brand_new' as never },
        old: 'stored by an older console',
      }),
    ).toEqual({ categoryId: 'no such category', x: 'from a newer server', old: 'stored by an older console' });
  });
});
