import { describe, expect, it } from 'vitest';
import { isValidIsbn, toIsbn13 } from '../../../src/contract/isbn';
import { bookCreateSchema } from '../../../src/resources/book/schema';

describe('ISBN-13 as the one form of a book', () => {
  it.each([
    ['0306406152', '9780306406157'],
    ['0-306-40615-2', '9780306406157'],
    ['080442957X', '9780804429573'],
    ['0-8044-2957-x', '9780804429573'],
    ['9780306406157', '9780306406157'],
  ])('%s → %s', (given, thirteen) => {
    expect(toIsbn13(given)).toBe(thirteen);
    expect(isValidIsbn(toIsbn13(given))).toBe(true);
  });

  it('leaves what is not a valid ISBN-10 as it is (validation refuses it elsewhere)', () => {
    expect(toIsbn13('0306406151')).toBe('0306406151');
    expect(toIsbn13('123')).toBe('123');
  });

  it('the book schema hands the server the ISBN-13 whatever form was typed', () => {
    const parsed = bookCreateSchema.safeParse({
      title: 'T',
      author: 'A',
      isbn: '0-306-40615-2',
      categoryId: 1,
      stock: 1,
      status: 'on_shelf',
    });
    expect(parsed.success && parsed.data.isbn).toBe('9780306406157');
  });
});
