import './passkey.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TEXTS } from './texts';

/**
 * The sign-in page's "Sign in with a passkey" (docs/passkeys.md). Only this much loads with the
 * page: the words and a click handler. The WebAuthn part (passkey.ts, with @simplewebauthn/browser)
 * is fetched on the click, so the page's cold load stays as it was.
 */

/** What the passkey part says; in the page's table so that a language change re-translates them. */
export const PASSKEY_TEXTS = {
  or: msg({ message: 'or', context: 'sign-in alternative' }),
  'Sign in with a passkey': msg`Sign in with a passkey`,
  'passkey-refused': msg`This passkey was not accepted. Use another one, or sign in with your password.`,
  'passkey-cancelled': msg`The passkey sign-in was cancelled or timed out.`,
  'passkey-failed': msg`The passkey could not be used. Try again, or sign in with your password.`,
} satisfies Record<string, MessageDescriptor>;
export type PasskeyText = keyof typeof PASSKEY_TEXTS;

// Before the page's first translate(): main.ts imports this module first.
Object.assign(TEXTS, PASSKEY_TEXTS);

/** Shows the button where the browser has WebAuthn, and runs the sign-in on its click. */
export function setUpPasskeySignIn(): void {
  const box = document.getElementById('si-passkey');
  const button = box?.querySelector<HTMLButtonElement>('button');
  if (!box || !button) return;
  // No WebAuthn (an old or locked-down browser): the password form alone.
  if (typeof window.PublicKeyCredential === 'undefined') {
    box.hidden = true;
    return;
  }
  let busy = false;
  button.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    button.setAttribute('aria-busy', 'true');
    try {
      const { signInWithPasskey } = await import('./passkey');
      await signInWithPasskey(box);
    } finally {
      busy = false;
      button.removeAttribute('aria-busy');
    }
  });
}
