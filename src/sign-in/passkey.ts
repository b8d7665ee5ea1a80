import { i18n } from '@lingui/core';
import {
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { LoginResult } from '../contract/auth';
import { Code } from '../contract/envelope';
import { codeMessage } from '../lib/code-messages';
import { ApiError, createHttp, NetworkError } from '../lib/http';
import { clearSessionCaches } from '../lib/offline/session-cache';
import { markPasswordChange, setToken } from '../lib/token';
import { PASSKEY_TEXTS, type PasskeyText } from './passkey-button';
import { redirectTarget } from './redirect';
import { fallbackError, offline } from './texts';

/**
 * A passkey sign-in (loaded on the button's click, passkey-button.ts): the server's options, the
 * browser's passkey dialog (any of the site's passkeys: no account name needed), the server's check,
 * then the console opens as after a password sign-in (main.ts): the same caches cleared, token and
 * "keep me signed in" choice, and the same forced password change.
 */
export async function signInWithPasskey(box: HTMLElement): Promise<void> {
  const alert = box.querySelector<HTMLElement>('.si-alert');
  const say = (text: PasskeyText | string, known = true) => {
    if (!alert) return;
    // A known text keeps its key, so the page's translate() says it again in another language.
    if (known) {
      alert.dataset.i18n = text;
      alert.textContent = i18n._(PASSKEY_TEXTS[text as PasskeyText]);
    } else {
      delete alert.dataset.i18n;
      alert.textContent = text;
    }
  };
  say('', false);
  const http = createHttp({
    getToken: () => undefined,
    getLanguage: () => sessionStorage.getItem('Language') ?? undefined,
    // Said here, in the passkey's own words: nothing is shown by the client itself.
    ui: { error: () => undefined, confirmLogout: () => undefined, codeMessage },
    fallbackMessage: () => i18n._(fallbackError),
  });
  // The tab on show decides "keep me signed in", as its own button would.
  const remember =
    document.querySelector<HTMLInputElement>('[role="tabpanel"]:not([hidden]) [name="remember"]')?.checked === true;
  try {
    const optionsJSON = await http.post<PublicKeyCredentialRequestOptionsJSON>(
      '/auth/passkeys/authentication/options',
      {},
    );
    const response = await startAuthentication({ optionsJSON });
    const data = await http.post<LoginResult>('/auth/passkeys/authentication/verify', {
      response,
      ...(remember ? { remember: true } : {}),
    });
    await clearSessionCaches().catch(() => undefined);
    markPasswordChange(data.mustChangePassword === true);
    const until = remember && data.expiresAt ? new Date(data.expiresAt) : undefined;
    setToken(data.token, until && !Number.isNaN(until.getTime()) ? until : undefined);
    location.replace(redirectTarget(location.search, location.origin, import.meta.env.BASE_URL));
  } catch (e) {
    if (e instanceof ApiError) {
      if (e.code === Code.BadCredentials) say('passkey-refused');
      else say(codeMessage(e.code, e.data) ?? i18n._(fallbackError), false);
    } else if (e instanceof NetworkError && e.offline) {
      say(i18n._(offline), false);
    } else if (
      (e instanceof WebAuthnError && e.code === 'ERROR_CEREMONY_ABORTED') ||
      (e instanceof Error && e.name === 'NotAllowedError')
    ) {
      // Closed, cancelled or timed out in the browser's own dialog.
      say('passkey-cancelled');
    } else {
      say('passkey-failed');
    }
  }
}
