import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../features/account/components/account-page';
import { safeRedirect } from '../../../lib/paths';

/**
 * /account/password: change one's own password and see the signed-in devices. Open to every
 * member; while a change is required, the guard sends every other page here with `redirect`.
 */
export const Route = createFileRoute('/_console/account/password')({
  staticData: { title: msg`Change password`, icon: 'password', roles: 'everyone', hidden: true, order: 3 },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  component: Page,
});

function Page() {
  const { redirect } = Route.useSearch();
  return <AccountPage redirect={redirect === undefined ? undefined : safeRedirect(redirect)} />;
}
