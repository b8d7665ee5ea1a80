import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { PASSWORD_PATH } from '../../lib/access';
import { stripBase } from '../../lib/paths';
import { sessionStore } from '../../stores/session';

/**
 * A call answered 40310 (the password must be changed, docs/api.md §6) after the page had loaded: go to
 * the change page now, coming back here once it is changed. Navigations are the guard's business.
 */
export function useForcedPasswordChange(): void {
  const { mustChangePassword } = useSnapshot(sessionStore);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const searchStr = useLocation({ select: (l) => l.searchStr });
  useEffect(() => {
    const path = stripBase(pathname);
    if (!mustChangePassword || path === PASSWORD_PATH) return;
    void navigate({ to: PASSWORD_PATH, search: { redirect: path + searchStr }, replace: true });
  }, [mustChangePassword, pathname, searchStr, navigate]);
}
