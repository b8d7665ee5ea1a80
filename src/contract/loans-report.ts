/**
 * `GET /loans/report?from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv]` (docs/loans-report.md): what was
 * borrowed in a period. A loan is an application with `approved_at` set; it belongs to the period
 * its `approved_at` falls in, days taken in UTC as the lists' date filters take them (range.ts).
 * Plain types and constants only: the console's report screen imports this without zod.
 */

/** The longest period one report covers (days, about ten years): its month axis stays small. */
export const LOANS_REPORT_MAX_DAYS = 3_700;
/** Top books listed. */
export const LOANS_REPORT_TOP = 50;
/** Books never borrowed listed in the JSON answer (the CSV lists them all). */
export const LOANS_REPORT_NEVER_LISTED = 100;

export interface LoansReportMonth {
  /** YYYY-MM (UTC); every month the period touches, oldest first, zeros included. */
  month: string;
  loans: number;
}

export interface LoansReportCategory {
  categoryId: number;
  /** Null when the category is gone. */
  name: string | null;
  loans: number;
}

export interface LoansReportBook {
  bookId: number;
  title: string;
  categoryId: number;
  categoryName: string | null;
  /** Loans of this book in the period (0 for a book never borrowed). */
  loans: number;
}

export interface LoansReport {
  /** The period, as asked: both days included. */
  from: string;
  to: string;
  /** Loans whose approved_at falls in the period. */
  loans: number;
  /** Of those, returned (returned_at set). */
  returned: number;
  /** Of those, returned after due_at, or not returned and past due_at now. */
  late: number;
  /** late / loans; null without loans. */
  overdueRate: number | null;
  /** Mean of returned_at − approved_at over the returned ones, in days; null when none came back. */
  meanLoanDays: number | null;
  months: LoansReportMonth[];
  /** Categories with at least one loan, most loans first (ties by id). */
  categories: LoansReportCategory[];
  /** The LOANS_REPORT_TOP most borrowed books, most loans first (ties by id). */
  topBooks: LoansReportBook[];
  neverBorrowed: {
    /** Books (existing now) without a loan in the period. */
    count: number;
    /** The first LOANS_REPORT_NEVER_LISTED of them by id. */
    books: LoansReportBook[];
  };
}
