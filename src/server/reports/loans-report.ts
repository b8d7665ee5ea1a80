import { Hono } from 'hono';
import { z } from 'zod';
import { LOANS_REPORT_MAX_DAYS, LOANS_REPORT_NEVER_LISTED, type LoansReport } from '../../contract/loans-report';
import { requireRole } from '../auth/middleware';
import type { AppEnv } from '../context';
import { csvCell } from '../crud/csv';
import { ok } from '../http/envelope';
import { parseWith } from '../http/validate';
import type { Services } from '../services';
import { loansReport, type Period } from './loans-queries';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const day = z
  .string({ error: 'required' })
  .regex(DAY, 'must be a day, YYYY-MM-DD')
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, 'must be a real day');

// Not strict: a cache-busting parameter must not turn the report into a 400 (as /system/data/list).
const reportQuery = z
  .object({ from: day, to: day, format: z.enum(['json', 'csv']).default('json') })
  .superRefine((q, ctx) => {
    const span = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (span >= LOANS_REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the period must be under ${LOANS_REPORT_MAX_DAYS} days` });
  });

/**
 * `/loans/report`: the loans report (docs/loans-report.md). Not infrastructure (which names no
 * noun's table): a report reads across applications, books and categories, so it lives in its
 * own folder, mounted by app.ts like the nouns' sub-apps. Admins and operators.
 */
export function loansReportRoutes(services: Services): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.use('*', requireRole('admin', 'operator'));
  api.get('/report', async (c) => {
    const q = parseWith(reportQuery, c.req.query());
    const period: Period = { from: q.from, to: q.to };
    // The CSV lists every book never borrowed: a catalogue of 100,000 books is a few MiB at most.
    const listed = q.format === 'json' ? LOANS_REPORT_NEVER_LISTED : Number.MAX_SAFE_INTEGER;
    const report = await loansReport(services.db, services.dialect, period, services.now(), listed);
    if (q.format === 'json') return ok(c, report);
    const text = loansReportCsv(report);
    return new Response(text, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="loans-report-${q.from}-${q.to}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  });
  return api;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The report as one CSV file of sections, each a title line, a header line and its rows, with an
 * empty line between sections; the BOM makes Excel read UTF-8. Figures are plain numbers (a dot
 * for decimals, a rate as a fraction), whatever the console's language: a file for spreadsheets.
 */
export function loansReportCsv(r: LoansReport): string {
  let out = '\ufeff';
  out += line(['# Loans report']);
  out += line(['metric', 'value']);
  const summary: [string, unknown][] = [
    ['from', r.from],
    ['to', r.to],
    ['loans', r.loans],
    ['returned', r.returned],
    ['late', r.late],
    ['overdue_rate', r.overdueRate === null ? '' : Math.round(r.overdueRate * 10_000) / 10_000],
    ['mean_loan_days', r.meanLoanDays ?? ''],
    ['never_borrowed', r.neverBorrowed.count],
  ];
  for (const row of summary) out += line(row);
  out += `\r\n${line(['# Loans per month'])}${line(['month', 'loans'])}`;
  for (const m of r.months) out += line([m.month, m.loans]);
  out += `\r\n${line(['# Loans per category'])}${line(['category_id', 'category', 'loans'])}`;
  for (const cat of r.categories) out += line([cat.categoryId, cat.name, cat.loans]);
  out += `\r\n${line(['# Top books'])}${line(['rank', 'book_id', 'title', 'category', 'loans'])}`;
  r.topBooks.forEach((b, i) => {
    out += line([i + 1, b.bookId, b.title, b.categoryName, b.loans]);
  });
  out += `\r\n${line(['# Never borrowed'])}${line(['book_id', 'title', 'category'])}`;
  for (const b of r.neverBorrowed.books) out += line([b.bookId, b.title, b.categoryName]);
  return out;
}
