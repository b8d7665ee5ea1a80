import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import {
  LOANS_REPORT_TOP,
  type LoansReport,
  type LoansReportBook,
  type LoansReportCategory,
} from '../../contract/loans-report';
import { timeBound } from '../../contract/range';
import type { Db } from '../crud/types';
import type { DialectKind } from '../db/dialect';
import type { Database } from '../db/schema';

export interface Period {
  from: string;
  to: string;
}

/**
 * The period as the instants approved_at is compared with: from's start to the start of the day
 * after `to`, exclusive; the Applications list's date filters bound a day the same way (range.ts).
 */
export function periodBounds({ from, to }: Period): { start: string; end: string } {
  return { start: timeBound(from, false).at, end: timeBound(to, true).at };
}

type AppEb = ExpressionBuilder<Database, 'application'>;

/** A loan of the period: approved_at within its bounds (a NULL approved_at is no loan). */
const inPeriod =
  ({ start, end }: { start: string; end: string }) =>
  (eb: AppEb): Expression<SqlBool> =>
    eb.and([eb('application.approved_at', '>=', start), eb('application.approved_at', '<', end)]);

/**
 * Days between two ISO 8601 UTC texts. The one expression the engines spell differently:
 * SQLite's julianday() reads the text with its Z, PostgreSQL casts it to timestamptz.
 */
function daysBetween(dialect: DialectKind, fromCol: string, toCol: string) {
  if (dialect === 'postgres')
    return sql<number>`extract(epoch from (cast(${sql.ref(toCol)} as timestamptz) - cast(${sql.ref(fromCol)} as timestamptz))) / 86400.0`;
  return sql<number>`julianday(${sql.ref(toCol)}) - julianday(${sql.ref(fromCol)})`;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Every YYYY-MM the period touches, oldest first. */
export function monthsOf({ from, to }: Period): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/**
 * The figures of the report, in two passes over the period's loans (the approved_at index of
 * migration 0016 finds them): one grouped by month (counts, lateness, days out, summed here into
 * the totals), one grouped by book (joined to its category, summed here into categories and
 * ranked into the top books). Then the top books' titles, the categories' names and the
 * never-borrowed books: small queries.
 */
export async function loansReport(
  db: Db,
  dialect: DialectKind,
  period: Period,
  now: Date,
  neverListed: number,
): Promise<LoansReport> {
  const bounds = periodBounds(period);
  const nowIso = now.toISOString();
  const loans = () => db.selectFrom('application').where(inPeriod(bounds));

  // approved_at is ISO 8601 UTC text: its first 7 characters are the month, on either engine.
  const month = sql<string>`substr(approved_at, 1, 7)`;
  const perMonth = await loans()
    .select((eb) => [
      month.as('month'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('application.returned_at').as('returned'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.or([
                eb.and([eb('application.returned_at', 'is not', null), sql<SqlBool>`returned_at > due_at`]),
                eb.and([eb('application.returned_at', 'is', null), eb('application.due_at', '<', nowIso)]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('late'),
      // NULL for a loan still out, which sum() skips: the days of the returned ones.
      eb.fn.sum<number>(daysBetween(dialect, 'application.approved_at', 'application.returned_at')).as('days'),
    ])
    .groupBy(month)
    .execute();
  const byMonth = new Map(perMonth.map((r) => [String(r.month), num(r.n)]));
  const total = (k: 'n' | 'returned' | 'late' | 'days') => perMonth.reduce((a, r) => a + num(r[k]), 0);
  const count = total('n');
  const returned = total('returned');
  const late = total('late');
  const mean = returned === 0 ? null : total('days') / returned;

  // Grouped by `+book_id`, not the column: given the column, SQLite walks every application in
  // book order (an index on book_id) to look up each one's approved_at; the expression leaves it
  // the period's loans through the approved_at index, 3-5 times faster over 100,000 loans
  // (bench/loans-report.ts). PostgreSQL has the same unary plus on integers.
  const byBook = sql<number>`+application.book_id`;
  const perBook = await db
    .selectFrom(
      loans()
        .select((eb) => [byBook.as('book_id'), eb.fn.countAll<number>().as('n')])
        .groupBy(byBook)
        .as('per_book'),
    )
    .innerJoin('book', 'book.id', 'per_book.book_id')
    .select(['per_book.book_id', 'per_book.n', 'book.category_id'])
    .execute();
  const names = new Map(
    (await db.selectFrom('category').select(['id', 'name']).execute()).map((c) => [c.id, c.name] as const),
  );
  const perCategory = new Map<number, number>();
  for (const b of perBook) perCategory.set(num(b.category_id), (perCategory.get(num(b.category_id)) ?? 0) + num(b.n));
  const categories: LoansReportCategory[] = [...perCategory]
    .map(([categoryId, n]) => ({ categoryId, name: names.get(categoryId) ?? null, loans: n }))
    .sort((a, b) => b.loans - a.loans || a.categoryId - b.categoryId);
  const ranked = perBook
    .map((b) => ({ bookId: num(b.book_id), categoryId: num(b.category_id), loans: num(b.n) }))
    .sort((a, b) => b.loans - a.loans || a.bookId - b.bookId)
    .slice(0, LOANS_REPORT_TOP);
  const titles = new Map(
    ranked.length === 0
      ? []
      : (
          await db
            .selectFrom('book')
            .select(['id', 'title'])
            .where(
              'id',
              'in',
              ranked.map((b) => b.bookId),
            )
            .execute()
        ).map((b) => [b.id, b.title] as const),
  );

  const books = (
    await db
      .selectFrom('book')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  return {
    from: period.from,
    to: period.to,
    loans: count,
    returned,
    late,
    overdueRate: count === 0 ? null : late / count,
    meanLoanDays: mean === null ? null : Math.round(mean * 100) / 100,
    months: monthsOf(period).map((m) => ({ month: m, loans: byMonth.get(m) ?? 0 })),
    categories,
    topBooks: ranked.map((b) => ({
      bookId: b.bookId,
      title: titles.get(b.bookId) ?? '',
      categoryId: b.categoryId,
      categoryName: names.get(b.categoryId) ?? null,
      loans: b.loans,
    })),
    neverBorrowed: {
      // Every book less those lent in the period (the pass by book joined them: existing books only).
      count: num(books) - perBook.length,
      books: neverListed === 0 ? [] : await neverBorrowed(db, period, { offset: 0, limit: neverListed }),
    },
  };
}

/** The first books, by id, without a loan in the period. */
export async function neverBorrowed(
  db: Db,
  period: Period,
  page: { offset: number; limit: number },
): Promise<LoansReportBook[]> {
  const bounds = periodBounds(period);
  const rows = await db
    .selectFrom('book')
    .leftJoin('category', 'category.id', 'book.category_id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('application')
            .select(sql`1`.as('one'))
            .whereRef('application.book_id', '=', 'book.id')
            .where(inPeriod(bounds)),
        ),
      ),
    )
    .select(['book.id', 'book.title', 'book.category_id', 'category.name'])
    .orderBy('book.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    bookId: r.id,
    title: r.title,
    categoryId: r.category_id,
    categoryName: r.name ?? null,
    loans: 0,
  }));
}
