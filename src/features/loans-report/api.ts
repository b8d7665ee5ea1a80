import { queryOptions } from '@tanstack/react-query';
import { fetchCsv, saveBlob, servedName } from '../../components/resource/import-export/export-csv';
import { API_BASE } from '../../contract/envelope';
import type { LoansReport } from '../../contract/loans-report';
import { http } from '../../lib/api';
import type { Period } from './model';

/** GET /loans/report?from&to (docs/loans-report.md). */
export const loansReportQuery = (p: Period) =>
  queryOptions({
    queryKey: ['loans-report', p.from, p.to] as const,
    queryFn: ({ signal }) => http.get<LoansReport>('/loans/report', { query: { from: p.from, to: p.to }, signal }),
    staleTime: 30_000,
  });

/**
 * The same report as CSV (`&format=csv`), saved under the server's file name. Fetched and its
 * errors told as a list's export is (export-csv.ts).
 */
export async function downloadLoansCsv(p: Period): Promise<void> {
  const query = new URLSearchParams({ from: p.from, to: p.to, format: 'csv' });
  const res = await fetchCsv(`${API_BASE}/loans/report?${query}`);
  saveBlob(await res.blob(), servedName(res, `loans-report-${p.from}-${p.to}.csv`));
}
