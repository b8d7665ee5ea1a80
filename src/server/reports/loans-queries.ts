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
 * The figures of the report except the never-borrowed list, each one aggregate query over the
 * loans of the period (the approved_at index of migration 0016 finds them): totals, months,
 * categories, top books.
 */
export async function loansFigures(
  db: Db,
  dialect: DialectKind,
  period: Period,
  now: Date,
): Promise<Omit<LoansReport, 'neverBorrowed'>> {
  const bounds = periodBounds(period);
  const nowIso = now.toISOString();
  const loans = () => db.selectFrom('application').where(inPeriod(bounds));

  const totals = await loans()
    .select((eb) => [
      eb.fn.countAll<number>().as('loans'),
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
      eb.fn.avg<number>(daysBetween(dialect, 'application.approved_at', 'application.returned_at')).as('mean_days'),
    ])
    .executeTakeFirstOrThrow();

  // approved_at is ISO 8601 UTC text: its first 7 characters are the month, on either engine.
  const month = sql<string>`substr(approved_at, 1, 7)`;
  const perMonth = await loans()
    .select((eb) => [month.as('month'), eb.fn.countAll<number>().as('n')])
    .groupBy(month)
    .execute();
  const byMonth = new Map(perMonth.map((r) => [String(r.month), num(r.n)]));

  const perCategory = await loans()
    .innerJoin('book', 'book.id', 'application.book_id')
    .leftJoin('category', 'category.id', 'book.category_id')
    .select((eb) => ['book.category_id as category_id', 'category.name as name', eb.fn.countAll<number>().as('n')])
    .groupBy(['book.category_id', 'category.name'])
    .execute();
  const categories: LoansReportCategory[] = perCategory
    .map((r) => ({ categoryId: num(r.category_id), name: r.name ?? null, loans: num(r.n) }))
    .sort((a, b) => b.loans - a.loans || a.categoryId - b.categoryId);

  const perBook = loans()
    .select((eb) => ['application.book_id as book_id', eb.fn.countAll<number>().as('n')])
    .groupBy('application.book_id')
    .orderBy('n', 'desc')
    .orderBy('application.book_id')
    .limit(LOANS_REPORT_TOP)
    .as('top');
  const top = await db
    .selectFrom(perBook)
    .innerJoin('book', 'book.id', 'top.book_id')
    .leftJoin('category', 'category.id', 'book.category_id')
    .select(['top.book_id', 'top.n', 'book.title', 'book.category_id', 'category.name'])
    .orderBy('top.n', 'desc')
    .orderBy('top.book_id')
    .execute();

  const count = num(totals.loans);
  const late = num(totals.late);
  const mean = totals.mean_days === null || totals.mean_days === undefined ? null : Number(totals.mean_days);
  return {
    from: period.from,
    to: period.to,
    loans: count,
    returned: num(totals.returned),
    late,
    overdueRate: count === 0 ? null : late / count,
    meanLoanDays: mean === null ? null : Math.round(mean * 100) / 100,
    months: monthsOf(period).map((m) => ({ month: m, loans: byMonth.get(m) ?? 0 })),
    categories,
    topBooks: top.map((r) => ({
      bookId: num(r.book_id),
      title: r.title,
      categoryId: num(r.category_id),
      categoryName: r.name ?? null,
      loans: num(r.n),
    })),
  };
}

/** Books without a loan in the period: how many, and a page of them by id. */
export async function neverBorrowed(
  db: Db,
  period: Period,
  page: { offset: number; limit: number },
): Promise<{ count: number; books: LoansReportBook[] }> {
  const bounds = periodBounds(period);
  const base = () =>
    db
      .selectFrom('book')
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
      );
  const { n } = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows =
    page.limit === 0
      ? []
      : await base()
          .leftJoin('category', 'category.id', 'book.category_id')
          .select(['book.id', 'book.title', 'book.category_id', 'category.name'])
          .orderBy('book.id')
          .limit(page.limit)
          .offset(page.offset)
          .execute();
  return {
    count: num(n),
    books: rows.map((r) => ({
      bookId: r.id,
      title: r.title,
      categoryId: r.category_id,
      categoryName: r.name ?? null,
      loans: 0,
    })),
  };
}
