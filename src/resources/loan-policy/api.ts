import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api';
import type { LoanPolicy, LoanPolicyInput } from './schema';
import { loanPolicySpec } from './spec';

const path = `/${loanPolicySpec.api}`;

/** GET /loan-policy: every member reads it. */
export const loanPolicyQuery = () =>
  queryOptions({
    queryKey: ['loanPolicy'] as const,
    queryFn: () => http.get<LoanPolicy>(path),
    staleTime: 30_000,
  });

/** PUT /loan-policy (administrators). */
export const saveLoanPolicy = (input: LoanPolicyInput) => http.put<LoanPolicy>(path, input);
