import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '../../../src/contract/envelope';
import type { Book } from '../../../src/resources/book/schema';
import { bookInput, createShelves, testServerForFile } from '../helpers/test-server';

/** `GET /book/isbn/{isbn}`: what a scanned barcode finds (docs/api-additions.md, "Scanning"). */
const s = testServerForFile();
let dune: Book;
beforeAll(async () => {
  const [[fiction]] = await createShelves(s, ['Fiction', 'Classics'], ['Science', 'Physics']);
  dune = (
    await s.call<Book>('POST', '/book', {
      token: s.adminToken,
      body: bookInput({ title: 'Dune', author: 'Frank Herbert', isbn: '0-441-17271-7', categoryId: fiction }),
    })
  ).body.data;
  // Its digits inside another ISBN: a keyword search for them finds this one too, the lookup must not.
  await s.call('POST', '/book', {
    token: s.adminToken,
    body: bookInput({ title: 'Not Dune', author: 'Someone', isbn: '9780441172726', categoryId: fiction }),
  });
});

const lookup = (isbn: string, token = s.adminToken) => s.call<Book | null>('GET', `/book/isbn/${isbn}`, { token });

describe('book lookup by ISBN', () => {
  it('finds the book by its ISBN-13, however it was entered, with the same shape as GET /book/{id}', async () => {
    expect(dune.isbn).toBe('9780441172719');
    const res = await lookup('9780441172719');
    expect(res.status).toBe(200);
    const byId = await s.call<Book>('GET', `/book/${dune.id}`, { token: s.adminToken });
    expect(res.body.data).toEqual(byId.body.data);
    // An ISBN-10 or a hyphenated one is the same book.
    expect((await lookup('0441172717')).body.data?.id).toBe(dune.id);
    expect((await lookup('978-0-441-17271-9')).body.data?.id).toBe(dune.id);
  });

  it('answers null for a valid ISBN no book has, matching no part of another', async () => {
    const res = await lookup('9780306406157');
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect((await lookup('9780441172')).status).toBe(400);
  });

  it('refuses what is not an ISBN with a field error', async () => {
    const res = await s.call<{ errors: FieldError[] }>('GET', '/book/isbn/9780441172718', { token: s.adminToken });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.map((e) => e.path)).toEqual(['isbn']);
  });

  it('needs a session', async () => {
    const res = await s.call('GET', '/book/isbn/9780441172719');
    expect(res.status).toBe(401);
  });
});
