import { describe, expect, it } from 'vitest';
import { editorValue, toNewsFormValues } from '../../../../src/resources/news/model';
import { newsCreateSchema, newsUpdateSchema } from '../../../../src/resources/news/schema';

describe('editorValue', () => {
  it('is empty for an empty document, so required content fails', () => {
    expect(editorValue('<p></p>', true)).toBe('');
    expect(
      newsCreateSchema.safeParse({ ...toNewsFormValues(), title: 'T', content: editorValue('<p></p>', true) }).success,
    ).toBe(false);
  });

  it('is the HTML otherwise', () => {
    expect(editorValue('<p><strong>x</strong></p>', false)).toBe('<p><strong>x</strong></p>');
  });
});

describe('toNewsFormValues', () => {
  it('keeps the first publication time in an update', () => {
    const news = {
      id: 4,
      version: 1,
      createdAt: '',
      updatedAt: '',
      title: 'Hours',
      summary: null,
      content: '<p>Open</p>',
      coverUrl: null,
      status: 'published' as const,
      publishedAt: '2024-05-01T08:00:00.000Z',
    };
    const parsed = newsUpdateSchema.parse({ ...toNewsFormValues(news), id: 4, version: 1 });
    expect(parsed).toMatchObject({ publishedAt: '2024-05-01T08:00:00.000Z', status: 'published' });
    expect(parsed.summary).toBeUndefined();
  });

  it('starts a new article as a draft', () => {
    expect(toNewsFormValues()).toMatchObject({ status: 'draft', content: '', publishedAt: '' });
  });
});
