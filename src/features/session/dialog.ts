import './dialog.css';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { API_BASE, Code } from '../../contract/envelope';
import { loadUserInfo } from '../../lib/auth';
import { sessionEndsAt } from '../../lib/session-end';
import { getToken, removeToken, setToken } from '../../lib/token';
import { remembered } from '../../lib/worker-session';
import { sessionStore } from '../../stores/session';
import { userKeyOf } from '../../sw/protocol/cache-keys';
import { carryOver, signOutFirst } from './carry-over';
import { hideSessionWarning } from './warning';

/**
 * The re-sign-in dialog: the real sign-in page (login.html, every step of it: password, second
 * factor, passkey) framed over the screen, so nothing on the screen is lost. The frame's page
 * writes the new credential to the shared cookie and ends on session-renewed.html, which posts
 * `lectern:session-renewed` here (src/sign-in/redirect.ts). Then the new session must be the same
 * member's: the console carries on with it. Somebody else signed in: that is the first member's
 * sign-out (their drafts, queued edits and cached lists go) and the console starts afresh for
 * the new one.
 */
const BASE = import.meta.env.BASE_URL;
export const RENEWED_MESSAGE = 'lectern:session-renewed';

/** Who a token belongs to (the staff id), or null when the server refuses it. */
async function memberOf(token: string): Promise<number | null> {
  try {
    const res = await fetch(`${API_BASE}/auth/info`, { headers: { 'X-Token': token } });
    const body = (await res.json()) as { code?: number; data?: { id?: number } | null };
    return body.code === Code.Ok && typeof body.data?.id === 'number' ? body.data.id : null;
  } catch {
    return null;
  }
}

export function openRenewalDialog(reason: 'ended' | 'early'): Promise<boolean> {
  const first = { token: sessionStore.token, id: sessionStore.id, remembered: remembered(), endsAt: sessionEndsAt() };
  // The framed sign-in page sends a visitor who has a credential to the console: the old one goes
  // (an ended session's is useless; an early renewal's comes back if the member closes the dialog).
  removeToken();
  hideSessionWarning();

  const dialog = document.createElement('dialog');
  dialog.className = 'lectern-renewal';
  dialog.setAttribute('aria-labelledby', 'lectern-renewal-title');
  dialog.setAttribute('aria-describedby', 'lectern-renewal-text');
  const header = document.createElement('div');
  header.className = 'lectern-renewal-header';
  const title = document.createElement('h2');
  title.id = 'lectern-renewal-title';
  title.textContent = i18n._(msg`Sign in again`);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'lectern-renewal-close';
  close.setAttribute('aria-label', i18n._(msg`Close`));
  close.textContent = '×';
  header.append(title, close);
  const text = document.createElement('p');
  text.id = 'lectern-renewal-text';
  text.textContent =
    reason === 'early'
      ? i18n._(msg`Sign in again to start a new session. Everything on this screen stays as it is.`)
      : i18n._(msg`Your session has ended. Sign in again to carry on: everything on this screen stays as it is.`);
  const frame = document.createElement('iframe');
  frame.title = i18n._(msg`Sign-in page`);
  frame.src = `${BASE}login?renew=1`;
  dialog.append(header, text, frame);
  document.body.append(dialog);
  dialog.showModal();

  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (renewed: boolean) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      dialog.close();
      dialog.remove();
      resolve(renewed);
    };
    const onMessage = async (e: MessageEvent) => {
      if (e.origin !== location.origin || e.source !== frame.contentWindow) return;
      if ((e.data as { type?: unknown } | null)?.type !== RENEWED_MESSAGE) return;
      const token = getToken();
      if (!token || token === first.token) return;
      const id = await memberOf(token);
      if (id === null) return;
      if (id !== first.id) {
        // Another member: the first one's work does not stay for them.
        window.removeEventListener('message', onMessage);
        await signOutFirst(await userKeyOf(first.token));
        location.replace(BASE);
        return;
      }
      await carryOver(await userKeyOf(first.token), await userKeyOf(token));
      sessionStore.token = token;
      await loadUserInfo().catch(() => undefined);
      // Renewed before the end: the old session is ended now rather than left to expire.
      if (reason === 'early') void endOld(first.token);
      finish(true);
    };
    window.addEventListener('message', onMessage);
    const decline = () => {
      // Closed before the old session ended: it still works, so it comes back.
      if (!getToken() && first.endsAt > Date.now() && reason === 'early')
        setToken(first.token, first.remembered ? new Date(first.endsAt) : undefined);
      finish(false);
    };
    close.addEventListener('click', decline);
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      decline();
    });
  });
}

async function endOld(token: string): Promise<void> {
  await fetch(`${API_BASE}/auth/logout`, { method: 'POST', headers: { 'X-Token': token } }).catch(() => undefined);
}
