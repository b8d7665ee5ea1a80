import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { loansReportQuery } from '../../../features/loans-report/api';
import { LoansReportPage } from '../../../features/loans-report/components/loans-report-page';
import { parseReportSearch, periodOf, todayUtc } from '../../../features/loans-report/model';

/** /users/loans-report: what was borrowed in a period, beside Applications (admins and operators). */
export const Route = createFileRoute('/_console/users/loans-report')({
  staticData: { title: msg`Loans report`, icon: 'table', roles: 'everyone', order: 24 },
  validateSearch: parseReportSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the page shows skeletons, and a failure in the page with Retry.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(loansReportQuery(periodOf(deps, todayUtc())));
  },
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const today = todayUtc();
  return (
    <LoansReportPage
      period={periodOf(search, today)}
      today={today}
      onPeriod={(p) => void navigate({ search: { from: p.from, to: p.to }, replace: true })}
    />
  );
}
