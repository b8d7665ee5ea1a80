import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { saveBlob } from '../../components/resource/import-export/export-csv';
import { API_BASE, LOGOUT_CODES } from '../../contract/envelope';
import type { LoansReport } from '../../contract/loans-report';
import { http } from '../../lib/api';
import { ApiError, ERROR_TOAST_MS, NetworkError } from '../../lib/http';
import { mantineHttpUi } from '../../lib/http-ui';
import { getToken } from '../../lib/token';
import type { Period } from './model';

/** GET /loans/report?from&to (docs/loans-report.md). */
export const loansReportQuery = (p: Period) =>
  queryOptions({
    queryKey: ['loans-report', p.from, p.to] as const,
    queryFn: ({ signal }) => http.get<LoansReport>('/loans/report', { query: { from: p.from, to: p.to }, signal }),
    staleTime: 30_000,
  });

/**
 * The same report as CSV (`&format=csv`), saved under the server's file name. Not through `http`,
 * which expects a JSON envelope; an error still comes as one and is told the same way.
 */
export async function downloadLoansCsv(p: Period): Promise<void> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('X-Token', token);
  const query = new URLSearchParams({ from: p.from, to: p.to, format: 'csv' });
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/loans/report?${query}`, { headers, credentials: 'include' });
  } catch (e) {
    const message = e instanceof Error ? e.message : i18n._(msg`Error`);
    mantineHttpUi.error(message, ERROR_TOAST_MS);
    throw new NetworkError(message);
  }
  if (!res.ok || !(res.headers.get('Content-Type') ?? '').startsWith('text/csv')) {
    const envelope = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    const message = envelope?.msg || i18n._(msg`Error`);
    mantineHttpUi.error(message, ERROR_TOAST_MS);
    if (envelope?.code !== undefined && LOGOUT_CODES.includes(envelope.code)) mantineHttpUi.confirmLogout();
    throw new ApiError(envelope?.code ?? res.status, message, res.status, null);
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ??
    `loans-report-${p.from}-${p.to}.csv`;
  saveBlob(await res.blob(), name);
}
