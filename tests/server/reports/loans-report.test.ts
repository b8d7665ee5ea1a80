import { beforeAll, describe, expect, it } from 'vitest';
import type { LoansReport } from '../../../src/contract/loans-report';
import { expectedFigures, loanHistory, type SeededLoan } from '../../fixtures/loan-history';
import { type Errors, pageOf } from '../helpers/crud';
import { createCategory, insertBooks, signedInOperator, testServerForFile } from '../helpers/test-server';

/**
 * The loans report over a seeded year of lending (tests/fixtures/loan-history.ts), on a database
 * of its own: every figure is computed again in JavaScript from the seeded rows.
 */
const s = testServerForFile();
const BOOKS = 24;
const UNTOUCHED = 6;
let rows: SeededLoan[];
let bookIds: number[];
let categories: number[];

const report = (from: string, to: string, token = s.adminToken) =>
  s.call<LoansReport>('GET', `/loans/report?from=${from}&to=${to}`, { token });

beforeAll(async () => {
  categories = [await createCategory(s, 'Report novels'), await createCategory(s, 'Report science')];
  // Book i in category i % 2; ids in insert order.
  await insertBooks(s, BOOKS, (i) => ({
    title: `Report book ${String(i).padStart(2, '0')}`,
    author: 'Seed',
    category_id: categories[i % 2] as number,
    stock: 5,
    status: 'on_shelf',
  }));
  bookIds = (await s.db.selectFrom('book').select('id').orderBy('id').execute()).map((b) => b.id);
  const at = '2023-06-01T00:00:00.000Z';
  const readers = await s.db
    .insertInto('reader')
    .values(
      [0, 1, 2, 3, 4].map((i) => ({
        nick_name: `Report reader ${i}`,
        phone: `1370000000${i}`,
        status: 'active',
        version: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .returning('id')
    .execute();
  rows = loanHistory(BOOKS, readers.length, UNTOUCHED);
  await s.db
    .insertInto('application')
    .values(
      rows.map((r) => ({
        reader_id: readers[r.readerIndex]?.id as number,
        book_id: bookIds[r.bookIndex] as number,
        status: r.status,
        remark: null,
        handled_by: null,
        handled_by_id: null,
        handled_at: r.approvedAt,
        approved_at: r.approvedAt,
        due_at: r.dueAt,
        returned_at: r.returnedAt,
        version: 0,
        created_at: r.createdAt,
        updated_at: r.returnedAt ?? r.createdAt,
      })),
    )
    .execute();
});

describe('GET /loans/report', () => {
  it('counts the loans of the year, their months, lateness and length as the rows say', async () => {
    const res = await report('2024-01-01', '2024-12-31');
    expect(res.status).toBe(200);
    const r = res.body.data;
    const want = expectedFigures(rows, '2024-01-01', '2024-12-31', s.now());
    expect(want.loans).toBeGreaterThan(200);
    expect(want.late).toBeGreaterThan(10);
    expect(r.loans).toBe(want.loans);
    expect(r.returned).toBe(want.returned);
    expect(r.late).toBe(want.late);
    expect(r.overdueRate).toBeCloseTo(want.overdueRate as number, 10);
    expect(r.meanLoanDays).toBeCloseTo(want.meanLoanDays as number, 1);
    expect(r.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`),
    );
    for (const m of r.months) expect(m.loans, m.month).toBe(want.perMonth.get(m.month) ?? 0);
  });

  it('sums loans per category and ranks the top books with their category', async () => {
    const r = (await report('2024-01-01', '2024-12-31')).body.data;
    const want = expectedFigures(rows, '2024-01-01', '2024-12-31', s.now());
    const perCategory = [0, 0];
    for (const [book, n] of want.perBook) perCategory[book % 2] = (perCategory[book % 2] ?? 0) + n;
    expect(r.categories).toEqual(
      [0, 1]
        .map((i) => ({
          categoryId: categories[i],
          name: ['Report novels', 'Report science'][i],
          loans: perCategory[i],
        }))
        .sort((a, b) => (b.loans ?? 0) - (a.loans ?? 0)),
    );
    const ranked = [...want.perBook].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    expect(r.topBooks.map((b) => [b.bookId, b.loans])).toEqual(ranked.map(([i, n]) => [bookIds[i], n]));
    expect(r.topBooks[0]).toMatchObject({
      title: `Report book ${String(ranked[0]?.[0]).padStart(2, '0')}`,
      categoryName: (ranked[0]?.[0] ?? 0) % 2 === 0 ? 'Report novels' : 'Report science',
    });
  });

  it('lists the books never borrowed in the period, not counting loans a millisecond outside it', async () => {
    const r = (await report('2024-01-01', '2024-12-31')).body.data;
    const want = expectedFigures(rows, '2024-01-01', '2024-12-31', s.now());
    const never = bookIds.filter((_, i) => !want.perBook.has(i));
    expect(never.length).toBeGreaterThanOrEqual(UNTOUCHED);
    expect(r.neverBorrowed.count).toBe(never.length);
    expect(r.neverBorrowed.books.map((b) => b.bookId)).toEqual(never);
    expect(r.neverBorrowed.books.every((b) => b.loans === 0)).toBe(true);
    // The last book's two loans sit at 2023-12-31T23:59:59.999Z and 2025-01-01T00:00:00.000Z.
    const edges = (await report('2023-12-31', '2025-01-01')).body.data;
    expect(edges.loans).toBe(want.loans + 2);
    expect(edges.neverBorrowed.books.map((b) => b.bookId)).not.toContain(bookIds[BOOKS - 1]);
  });

  it('reads a short period the same way (one month)', async () => {
    const r = (await report('2024-03-01', '2024-03-31')).body.data;
    const want = expectedFigures(rows, '2024-03-01', '2024-03-31', s.now());
    expect(r).toMatchObject({ loans: want.loans, returned: want.returned, late: want.late });
    expect(r.months).toEqual([{ month: '2024-03', loans: want.loans }]);
  });

  it("matches the Applications list: a month's loans are its approved and returned applications", async () => {
    // The list filters by the day an application was made, not approved: the seeded loans were
    // approved the day they were asked for, so both days fall in the same month.
    const r = (await report('2024-01-01', '2024-12-31')).body.data;
    for (const m of r.months) {
      const last = new Date(Date.UTC(Number(m.month.slice(0, 4)), Number(m.month.slice(5, 7)), 0))
        .toISOString()
        .slice(0, 10);
      let listed = 0;
      for (const status of ['approved', 'returned']) {
        const page = await pageOf(s, 'apply', { status, createdFrom: `${m.month}-01`, createdTo: last, pageSize: 10 });
        expect(page.status).toBe(200);
        listed += page.body.data.total;
      }
      expect(m.loans, m.month).toBe(listed);
    }
    // And a top book's loans are its approved and returned applications in the list.
    for (const b of r.topBooks.slice(0, 3)) {
      let listed = 0;
      for (const status of ['approved', 'returned'])
        listed += (
          await pageOf(s, 'apply', { status, bookId: b.bookId, createdFrom: '2024-01-01', createdTo: '2024-12-31' })
        ).body.data.total;
      expect(b.loans).toBe(listed);
    }
  });

  it('answers the same figures as one CSV file of sections', async () => {
    const json = (await report('2024-01-01', '2024-12-31')).body.data;
    const res = await fetch(`${s.url}/prod-api/loans/report?from=2024-01-01&to=2024-12-31&format=csv`, {
      headers: { 'X-Token': s.adminToken },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('loans-report-2024-01-01-2024-12-31.csv');
    const text = (await res.text()).replace(/^\ufeff/, '');
    const sections = new Map(
      text
        .trimEnd()
        .split('\r\n\r\n')
        .map((block) => {
          const [title, header, ...lines] = block.split('\r\n');
          return [title as string, { header: header?.split(','), rows: lines.map((l) => l.split(',')) }];
        }),
    );
    expect([...sections.keys()]).toEqual([
      '# Loans report',
      '# Loans per month',
      '# Loans per category',
      '# Top books',
      '# Never borrowed',
    ]);
    const summary = Object.fromEntries(sections.get('# Loans report')?.rows ?? []);
    expect(summary).toMatchObject({
      loans: String(json.loans),
      returned: String(json.returned),
      late: String(json.late),
      mean_loan_days: String(json.meanLoanDays),
      never_borrowed: String(json.neverBorrowed.count),
    });
    expect(Number(summary.overdue_rate)).toBeCloseTo(json.overdueRate as number, 4);
    expect(sections.get('# Loans per month')?.rows).toEqual(json.months.map((m) => [m.month, String(m.loans)]));
    expect(sections.get('# Loans per category')?.rows).toEqual(
      json.categories.map((c) => [String(c.categoryId), c.name, String(c.loans)]),
    );
    expect(sections.get('# Top books')?.rows).toEqual(
      json.topBooks.map((b, i) => [String(i + 1), String(b.bookId), b.title, b.categoryName, String(b.loans)]),
    );
    expect(sections.get('# Never borrowed')?.rows.map((r) => Number(r[0]))).toEqual(
      json.neverBorrowed.books.map((b) => b.bookId),
    );
  });

  it('is open to operators, closed without a session', async () => {
    const op = await signedInOperator(s, 'report-op', '13900000077', 'Operator-pass-77');
    expect((await report('2024-01-01', '2024-12-31', op.token)).status).toBe(200);
    expect((await report('2024-01-01', '2024-12-31', '')).status).toBe(401);
  });

  it('refuses a period that is not one: 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=2024-02-01&to=2024-01-01', 'to'],
      ['from=2024-02-30&to=2024-03-01', 'from'],
      ['from=2024-01-01', 'to'],
      ['from=2000-01-01&to=2024-01-01', 'to'],
      ['from=2024-01-01&to=2024-02-01&format=xml', 'format'],
    ] as const) {
      const res = await s.call<Errors>('GET', `/loans/report?${query}`, { token: s.adminToken });
      expect(res.status, query).toBe(400);
      expect(res.body.data.errors[0]?.path, query).toBe(field);
    }
  });

  it('answers an empty period with zeros and no rates', async () => {
    const r = (await report('1999-01-01', '1999-02-15')).body.data;
    expect(r).toMatchObject({
      loans: 0,
      returned: 0,
      late: 0,
      overdueRate: null,
      meanLoanDays: null,
      categories: [],
      topBooks: [],
    });
    expect(r.months).toEqual([
      { month: '1999-01', loans: 0 },
      { month: '1999-02', loans: 0 },
    ]);
    expect(r.neverBorrowed.count).toBe(BOOKS);
  });
});
