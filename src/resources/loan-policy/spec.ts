import { defineSpec } from '../../contract/resource-spec';

/**
 * The loan policy: one record of site-wide lending settings (`/loan-policy`). Every member reads
 * it (the desk shows its periods); only administrators change it (the server's PUT checks).
 */
export const loanPolicySpec = defineSpec({
  api: 'loan-policy',
  single: true,
  roles: 'everyone',
  menu: { screen: '/users/loan-policy', icon: 'guide', order: 24 },
});
