import './second-step.css';
import { i18n } from '@lingui/core';
import type { LoginResult } from '../contract/auth';
import { Code } from '../contract/envelope';
import type { MfaChallengeResult } from '../contract/mfa';
import { codeMessage } from '../lib/code-messages';
import { ApiError, createHttp, NetworkError } from '../lib/http';
import { MFA_TEXTS, missingCode, stepExpired, wrongCode } from './mfa-texts';
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

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
};
/** An element whose English text is translated by the page (data-i18n). */
export const worded = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text: string,
  attrs: Record<string, string> = {},
) => el(tag, { ...attrs, 'data-i18n': text }, [text]);

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

/** A refusal's words in the step's alert: a wrong code, a spent challenge (back to the form), the rest. */
export function refusalText(e: unknown): { text: () => string; restart: boolean } {
  if (e instanceof ApiError) {
    if (e.code === Code.Invalid) return { text: () => i18n._(wrongCode), restart: false };
    if (e.status === 401) return { text: () => i18n._(stepExpired), restart: true };
    return { text: () => codeMessage(e.code, e.data) ?? e.message, restart: false };
  }
  if (e instanceof NetworkError && e.offline) return { text: () => i18n._(offline), restart: false };
  return { text: () => i18n._(fallbackError), restart: false };
}

/** A one-time-code field: digits on phones, the browser's SMS/app autofill hint. */
export function codeField(id: string, label: string): { field: HTMLElement; input: HTMLInputElement } {
  const input = el('input', {
    id,
    name: 'code',
    autocomplete: 'one-time-code',
    inputmode: 'numeric',
    autocapitalize: 'characters',
    spellcheck: 'false',
    maxlength: '40',
  });
  const error = el('p', { class: 'si-error', id: `${id}-error`, hidden: '' });
  const field = el('div', { class: 'si-field' }, [worded('label', label, { for: id }), input, error]);
  return { field, input };
}

export function checkFilled(input: HTMLInputElement): boolean {
  const error = document.getElementById(`${input.id}-error`) as HTMLElement;
  const empty = input.value.trim() === '';
  error.textContent = empty ? i18n._(missingCode) : '';
  error.hidden = !empty;
  if (empty) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
    input.focus();
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
  return !empty;
}

export async function startSecondStep(deps: StepDeps): Promise<void> {
  if (deps.data.mfaEnrolRequired) {
    const { startEnrolment } = await import('./enrol-step');
    return startEnrolment(deps);
  }
  const http = stepHttp();
  const { field, input } = codeField('si-mfa-code', 'Code');
  const hint = worded('p', 'Enter the 6-digit code from your authenticator app.', { class: 'si-dimmed' });
  const alert = el('p', { class: 'si-alert', role: 'alert' });
  const submit = worded('button', 'Verify', { type: 'submit', class: 'si-submit' });
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
  let alertText: (() => string) | undefined;
  const reword = () => {
    const words = recovery
      ? ['Enter one of your recovery codes. Each works once.', 'Recovery code', 'Use the authenticator app instead']
      : ['Enter the 6-digit code from your authenticator app.', 'Code', 'Use a recovery code instead'];
    const label = field.querySelector('label') as HTMLLabelElement;
    [hint.dataset.i18n, label.dataset.i18n, toggle.dataset.i18n] = words;
    input.setAttribute('inputmode', recovery ? 'text' : 'numeric');
    input.setAttribute('autocomplete', recovery ? 'off' : 'one-time-code');
    deps.translate();
    if (alertText) alert.textContent = alertText();
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
  // The page re-translates the words; the alert is said again in the new language.
  deps.onTranslate(() => {
    if (alertText) alert.textContent = alertText();
  });
  let busy = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (busy || !checkFilled(input)) return;
    busy = true;
    submit.setAttribute('aria-busy', 'true');
    alertText = undefined;
    alert.textContent = '';
    try {
      const result = await http.post<LoginResult>(
        '/auth/login/code',
        { challenge: deps.data.challenge, code: input.value.trim() },
        { quiet: true },
      );
      await deps.done(result);
    } catch (err) {
      const { text, restart } = refusalText(err);
      alertText = text;
      alert.textContent = text();
      if (restart) submit.hidden = true;
      input.value = '';
      input.focus();
      busy = false;
      submit.removeAttribute('aria-busy');
    }
  });
  reword();
  input.focus();
}
