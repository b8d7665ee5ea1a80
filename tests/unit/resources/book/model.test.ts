import { describe, expect, it } from 'vitest';
import { bookSearchSchema, toBookFormValues } from '../../../../src/resources/book/model';
import { type Book, bookCreateSchema, bookUpdateSchema } from '../../../../src/resources/book/schema';

const book: Book = {
  id: 7,
  version: 3,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-02T00:00:00Z',
  title: 'The Hobbit',
  author: 'J. R. R. Tolkien',
  isbn: '9780261103344',
  publisher: null,
  publishDate: '1937-09-21',
  categoryId: 2,
  categoryName: 'Fiction',
  subclassId: null,
  subclassName: null,
  coverUrl: null,
  summary: null,
  stock: 4,
  status: 'on_shelf',
};

describe('bookSearchSchema', () => {
  it('defaults to the first page of ten, unsorted and unfiltered', () => {
    expect(bookSearchSchema.read({})).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('keeps the book sorts and filters and drops what is not one', () => {
    expect(
      bookSearchSchema.read({ sort: 'stock', order: 'desc', categoryId: 2, subclassId: '5', status: 'off_shelf' }),
    ).toEqual({
      pageNum: 1,
      pageSize: 10,
      sort: 'stock',
      order: 'desc',
      categoryId: 2,
      subclassId: 5,
      status: 'off_shelf',
    });
    expect(bookSearchSchema.read({ sort: 'summary', status: 'lost' })).toEqual({ pageNum: 1, pageSize: 10 });
  });
});

describe('toBookFormValues', () => {
  it('gives a new book empty inputs that the contract rejects only where a value is required', () => {
    const result = bookCreateSchema.safeParse(toBookFormValues());
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['author', 'categoryId', 'title']);
  });

  it('round-trips a record: its form values, with id and version, are a valid update', () => {
    const parsed = bookUpdateSchema.parse({ ...toBookFormValues(book), id: book.id, version: book.version });
    expect(parsed).toMatchObject({ id: 7, version: 3, title: 'The Hobbit', categoryId: 2, stock: 4 });
    // Cleared inputs are sent as absent, never as ''.
    expect(parsed.publisher).toBeUndefined();
    expect(parsed.subclassId).toBeUndefined();
  });
});
