import { type AnyRoute, type ParsedLocation, redirect } from '@tanstack/react-router';
import { decide, PASSWORD_PATH } from '../lib/access';
import { loadUserInfo, resetToken } from '../lib/auth';
import { dropEarlyAnswers } from '../lib/early-answers';
import { ApiError, NetworkError } from '../lib/http';
import { stripBase } from '../lib/paths';
import { type RouteNode, routeNodes } from '../lib/route-meta';
import { SIGN_IN_REASON_KEY } from '../lib/token';
import { sessionStore } from '../stores/session';

/**
 * Performs the pure `decide`: redirects, or loads the user's info and decides again. The root route
 * runs it with no tree (sign-in state only, for every page including login and 401/404); the
 * console's layout route runs it with the console's route tree, which adds the role check.
 */
export async function guard(location: ParsedLocation, tree: readonly RouteNode[] = []): Promise<void> {
  const path = stripBase(location.pathname);
  const decision = decide(
    {
      path,
      href: path + location.searchStr,
      hasToken: Boolean(sessionStore.token),
      roles: sessionStore.roles,
      mustChangePassword: sessionStore.mustChangePassword,
    },
    tree,
  );
  switch (decision.type) {
    case 'allow':
      return;
    case 'login':
      throw redirect({ to: '/login', search: { redirect: decision.redirect }, replace: true });
    case 'home':
      throw redirect({ to: '/', replace: true });
    case 'forbidden':
      throw redirect({ to: '/401', replace: true });
    case 'change-password':
      // What the boot script asked for the wanted screen was refused (40310): that screen, opened
      // once the password is changed, asks the server again.
      dropEarlyAnswers();
      throw redirect({ to: PASSWORD_PATH, search: { redirect: decision.redirect }, replace: true });
    case 'load-info':
      try {
        await loadUserInfo();
      } catch (e) {
        // No answer at all (offline with nothing cached, or the request cut short by a reload) says
        // nothing about the credential: keep it and show the connection error page.
        if (e instanceof NetworkError) throw e;
        resetToken();
        // The sign-in page (a document of its own) says why: a toast here would go with this page.
        try {
          sessionStorage.setItem(SIGN_IN_REASON_KEY, String(e instanceof ApiError ? e.code : 0));
        } catch {
          // No storage: the sign-in page without a word of why.
        }
        throw redirect({ to: '/login', search: { redirect: path + location.searchStr }, replace: true });
      }
      return guard(location, tree);
  }
}

interface ConsoleMatch {
  routeId: string;
  staticData: { roles?: unknown };
}

/**
 * The console layout's beforeLoad: the role guard over the route tree's meta. A console route that
 * declares no roles is closed rather than open to every role.
 */
export async function consoleGuard(
  layout: AnyRoute,
  { location, matches }: { location: ParsedLocation; matches: readonly ConsoleMatch[] },
): Promise<void> {
  await guard(location, routeNodes(layout));
  const leaf = matches[matches.length - 1];
  if (leaf?.routeId.startsWith('/_console/') && !leaf.staticData.roles) {
    throw redirect({ to: '/401', replace: true });
  }
}
