import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { catalogueCovers, wholeCatalogue } from '../lib/i18n';
import type { RouterContext } from '../router';
import { ConnectionErrorPage } from '../shell/error-pages';
import { useBootShellRemoved } from '../shell/layout/frame-shell';
import { ShownLocationProvider } from '../shell/shown-location';
import { usePageTitle } from '../shell/use-page-title';
import { guard } from './-guard';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Sign-in state for every page (login, 401, 404 included); the role check is the console layout's.
  // A screen other than the one the start-up's messages were chosen for waits for the whole catalogue.
  beforeLoad: async ({ location }) => {
    const messages = catalogueCovers(location.pathname) ? undefined : wholeCatalogue();
    await guard(location);
    await messages;
  },
  component: Root,
  // Unknown paths go to /404 (docs/product.md §2); the guard has already sent visitors without a credential to login.
  notFoundComponent: () => <Navigate to="/404" replace />,
  // The guard could not reach the server (src/routes/-guard.ts).
  errorComponent: ConnectionErrorPage,
});

function Root() {
  useBootShellRemoved();
  return (
    <ShownLocationProvider>
      <PageTitle />
      <Outlet />
    </ShownLocationProvider>
  );
}

/** On its own: what reads the address renders again on each navigation, and nothing else with it. */
function PageTitle(): null {
  usePageTitle();
  return null;
}
