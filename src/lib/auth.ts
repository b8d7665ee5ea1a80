import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LoginResult, PasswordChangeInput, UserInfo } from '../contract/auth';
import { ROLES } from '../contract/values';
import { nextSessionEpoch, sessionEpoch, sessionStore } from '../stores/session';
import { dropShared } from '../sw/protocol/shared-files';
import { http } from './api';
import { dropEarlyAnswers } from './early-answers';
import { deleteDraftsOf } from './offline/drafts';
import { dropWritesOf } from './offline/pending-writes';
import { clearSessionCaches, currentUserKey } from './offline/session-cache';
import { markPasswordChange, removeToken, setToken } from './token';
import { forgetWorkerSession, tellWorkerSession } from './worker-session';

/** Session actions of docs/product.md §4. */
export async function login(userName: string, password: string): Promise<void> {
  const data = await http.post<LoginResult>('/auth/login', { userName: userName.trim(), password });
  // A new session starts with no cached lists (another user's, or an old session's, never show).
  await clearSessionCaches().catch(() => undefined);
  nextSessionEpoch();
  sessionStore.token = data.token;
  sessionStore.mustChangePassword = data.mustChangePassword === true;
  markPasswordChange(sessionStore.mustChangePassword);
  setToken(data.token);
}

/** Fetch user info and validate it as the original console did (docs/product.md §5). */
export async function loadUserInfo(): Promise<UserInfo> {
  const epoch = sessionEpoch();
  const data = await http.get<UserInfo | null>('/auth/info', {
    query: { token: sessionStore.token },
    // The guard shows the failure and goes to login itself (docs/product.md §2).
    quiet: true,
  });
  if (!data) throw new Error(i18n._(msg`Verification failed, please Login again.`));
  const roles = (Array.isArray(data.roles) ? data.roles : []).filter((r) => (ROLES as readonly string[]).includes(r));
  if (roles.length === 0) throw new Error(i18n._(msg`getInfo: roles must be a non-null array!`));
  sessionStore.roles = roles;
  sessionStore.id = data.id;
  sessionStore.userName = data.userName;
  sessionStore.name = data.name;
  sessionStore.avatar = data.avatar;
  sessionStore.introduction = data.introduction;
  // Asked before this page changed the password (the service worker's second check, say): the
  // answer still says it must change, which is no longer true.
  if (epoch === sessionEpoch()) {
    sessionStore.mustChangePassword = data.mustChangePassword === true;
    markPasswordChange(sessionStore.mustChangePassword);
  }
  await tellWorkerSession(sessionStore.token, data.id, roles).catch(() => undefined);
  return data;
}

/**
 * PUT /auth/password (docs/api.md §6). The server ends the member's other sessions; this one stays, and
 * the console opens up again if the change was required. Whatever was asked before the change
 * describes the locked session: answers still on their way are not taken as the truth (the
 * epoch), the start-up's answers not yet taken are dropped (they were refused), and the boot
 * script asks for screens' data again.
 */
export async function changePassword(input: PasswordChangeInput): Promise<void> {
  await http.put('/auth/password', input);
  nextSessionEpoch();
  dropEarlyAnswers();
  markPasswordChange(false);
  sessionStore.mustChangePassword = false;
}

/** Whether a staff account is the signed-in member's own (account names are unique). */
export function isOwnAccount(account: { userName: string }): boolean {
  return sessionStore.userName !== '' && account.userName === sessionStore.userName;
}

/** Clear token and roles without a server call. */
export function resetToken(): void {
  nextSessionEpoch();
  markPasswordChange(false);
  sessionStore.token = '';
  sessionStore.roles = [];
  sessionStore.id = 0;
  sessionStore.userName = '';
  sessionStore.mustChangePassword = false;
  removeToken();
  void forgetWorkerSession().catch(() => undefined);
  for (const fn of resetListeners) fn();
}

/** Server logout, then the same as resetToken (the router and tags view listen). */
export async function logout(): Promise<void> {
  const user = await currentUserKey().catch(() => '');
  try {
    // Signing out of an ended session is not a reason to sign in again.
    await http.post('/auth/logout', undefined, { noRenewal: true });
  } finally {
    // The user's cached lists, drafts, unsent writes and files shared to the app do not stay on a
    // shared device.
    await Promise.all([
      clearSessionCaches(),
      user && deleteDraftsOf(user),
      user && dropWritesOf(user),
      dropShared(),
    ]).catch(() => undefined);
    resetToken();
  }
}

const resetListeners = new Set<() => void>();
/** Tags view, caches and the router reset themselves when the session ends. */
export function onSessionReset(fn: () => void): () => void {
  resetListeners.add(fn);
  return () => resetListeners.delete(fn);
}
