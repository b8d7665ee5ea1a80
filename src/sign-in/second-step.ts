import './second-step.css';
import { i18n } from '@lingui/core';
import type { LoginResult } from '../contract/auth';
import type { MfaChallengeResult } from '../contract/mfa';
import { codeMessage } from '../lib/code-messages';
import { createHttp } from '../lib/http';
import { codeInput } from './code-input';
import { MFA_TEXTS } from './mfa-texts';
import { el, worded } from './step-dom';
import { fallbackError, offline, TEXTS } from './texts';

/**
 * The sign-in's second step (docs/accounts.md, "Two-step sign-in"), loaded only when the server
 * answers a password with a challenge: a code from the authenticator app or a recovery code, or,
 * for a member who must have a second factor and has none, its enrolment (enrol-step.ts). The
 * password form is hidden meanwhile; "Back to sign-in" shows it again.
 */

export interface StepDeps {
  data: MfaChallengeResult;
  /** Signed in: the page stores the token and opens the console. */
  done(result: LoginResult): Promise<void>;
  /** The page's translate(): the step's words follow the language switch. */
  translate(): void;
  /** Runs after each translation of the page (a language switch): the step's alert is said again. */
  onTranslate(fn: () => void): void;
}

Object.assign(TEXTS, MFA_TEXTS);

export const stepHttp = () =>
  createHttp({
    getToken: () => undefined,
    getLanguage: () => sessionStorage.getItem('Language') ?? undefined,
    ui: { error: () => undefined, confirmLogout: () => undefined, offlineMessage: () => i18n._(offline), codeMessage },
    fallbackMessage: () => i18n._(fallbackError),
  });

/** The card's sign-in tabs and panels give way to the step's section, and come back with "Back". */
export function showStep(section: HTMLElement): () => void {
  const card = document.querySelector('.si-card') as HTMLElement;
  const hidden = [...card.querySelectorAll<HTMLElement>('.si-tabs, [role="tabpanel"], .si-notice')].filter(
    (e) => !e.hidden,
  );
  // `hidden` and an inline display both: the tab bar's own CSS sets a display that beats the attribute.
  for (const e of hidden) {
    e.hidden = true;
    e.style.display = 'none';
  }
  card.append(section);
  return () => {
    section.remove();
    for (const e of hidden) {
      e.hidden = false;
      e.style.display = '';
    }
  };
}

export async function startSecondStep(deps: StepDeps): Promise<void> {
  if (deps.data.mfaEnrolRequired) {
    const { startEnrolment } = await import('./enrol-step');
    return startEnrolment(deps);
  }
  const http = stepHttp();
  const { field, input, alert, submit, onCode } = codeInput('si-mfa-code', 'Verify', deps.onTranslate);
  const hint = worded('p', 'Enter the 6-digit code from your authenticator app.', { class: 'si-dimmed' });
  const toggle = worded('button', 'Use a recovery code instead', { type: 'button', class: 'si-link' });
  const back = worded('button', 'Back to sign-in', { type: 'button', class: 'si-link' });
  const form = el('form', { novalidate: '', 'aria-labelledby': 'si-step-title' }, [
    hint,
    field,
    alert,
    submit,
    toggle,
    back,
  ]);
  const section = el('section', { class: 'si-step', 'data-testid': 'mfa-code-step' }, [
    worded('h2', 'Two-step sign-in', { id: 'si-step-title' }),
    form,
  ]);
  const leave = showStep(section);
  let recovery = false;
  // The page's translate() says the alert again in the new language (code-input.ts).
  const reword = () => {
    const words = recovery
      ? ['Enter one of your recovery codes. Each works once.', 'Recovery code', 'Use the authenticator app instead']
      : ['Enter the 6-digit code from your authenticator app.', 'Code', 'Use a recovery code instead'];
    const label = field.querySelector('label') as HTMLLabelElement;
    [hint.dataset.i18n, label.dataset.i18n, toggle.dataset.i18n] = words;
    input.setAttribute('inputmode', recovery ? 'text' : 'numeric');
    input.setAttribute('autocomplete', recovery ? 'off' : 'one-time-code');
    deps.translate();
  };
  toggle.addEventListener('click', () => {
    recovery = !recovery;
    input.value = '';
    reword();
    input.focus();
  });
  back.addEventListener('click', () => {
    leave();
    (document.querySelector('[role="tabpanel"]:not([hidden]) input') as HTMLInputElement | null)?.focus();
  });
  onCode(form, async (code) => {
    const result = await http.post<LoginResult>(
      '/auth/login/code',
      { challenge: deps.data.challenge, code },
      { quiet: true },
    );
    await deps.done(result);
  });
  reword();
  input.focus();
}
