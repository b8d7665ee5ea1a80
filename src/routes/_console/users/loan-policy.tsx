import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { loanPolicyQuery } from '../../../resources/loan-policy/api';
import { LoanPolicyPage } from '../../../resources/loan-policy/components/loan-policy-page';
import { loanPolicySpec } from '../../../resources/loan-policy/spec';

export const Route = createFileRoute('/_console/users/loan-policy')({
  staticData: { title: msg`Loan policy`, ...loanPolicySpec.menu, roles: loanPolicySpec.roles },
  // Started, not awaited: the page shows skeletons at once.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(loanPolicyQuery());
  },
  component: LoanPolicyPage,
});
