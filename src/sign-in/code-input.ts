import { i18n } from '@lingui/core';
import { Code } from '../contract/envelope';
import { codeMessage } from '../lib/code-messages';
import { ApiError, NetworkError } from '../lib/http';
import { missingCode, stepExpired, wrongCode } from './mfa-texts';
import { el, worded } from './step-dom';
import { fallbackError, offline } from './texts';

/**
 * The code input of the second step and of the enrolment at sign-in (second-step.ts,
 * enrol-step.ts): the field, its check, the step's alert and submit button, and sending a code.
 * One place, so both steps treat a missing, wrong or late code alike.
 */
export interface CodeInput {
  field: HTMLElement;
  input: HTMLInputElement;
  /** The step's alert: a refusal's words, said again in the language chosen after it was shown. */
  alert: HTMLElement;
  submit: HTMLButtonElement;
  /** Shows a refusal in the alert; a spent challenge hides the submit button (back to the form). */
  refuse(e: unknown): void;
  /**
   * On the form's submit: the field is checked, then the trimmed code sent (one at a time); a
   * refusal is shown and the field emptied for the next code. Success leaves the button busy: the
   * step moves on.
   */
  onCode(form: HTMLFormElement, send: (code: string) => Promise<void>): void;
}

export function codeInput(
  id: string,
  submitWord: string,
  /** The step's deps.onTranslate: runs after each translation of the page. */
  onTranslate: (fn: () => void) => void,
): CodeInput {
  const { field, input } = codeField(id, 'Code');
  const alert = el('p', { class: 'si-alert', role: 'alert' });
  const submit = worded('button', submitWord, { type: 'submit', class: 'si-submit' });
  let alertText: (() => string) | undefined;
  onTranslate(() => {
    if (alertText) alert.textContent = alertText();
  });
  const refuse = (e: unknown) => {
    const { text, restart } = refusalText(e);
    alertText = text;
    alert.textContent = text();
    if (restart) submit.hidden = true;
  };
  const onCode = (form: HTMLFormElement, send: (code: string) => Promise<void>) => {
    let busy = false;
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (busy || !checkFilled(input)) return;
      busy = true;
      submit.setAttribute('aria-busy', 'true');
      alertText = undefined;
      alert.textContent = '';
      try {
        await send(input.value.trim());
      } catch (err) {
        refuse(err);
        input.value = '';
        input.focus();
        busy = false;
        submit.removeAttribute('aria-busy');
      }
    });
  };
  return { field, input, alert, submit, refuse, onCode };
}

/** A refusal's words in the step's alert: a wrong code, a spent challenge (back to the form), the rest. */
function refusalText(e: unknown): { text: () => string; restart: boolean } {
  if (e instanceof ApiError) {
    if (e.code === Code.Invalid) return { text: () => i18n._(wrongCode), restart: false };
    if (e.status === 401) return { text: () => i18n._(stepExpired), restart: true };
    return { text: () => codeMessage(e.code, e.data) ?? e.message, restart: false };
  }
  if (e instanceof NetworkError && e.offline) return { text: () => i18n._(offline), restart: false };
  return { text: () => i18n._(fallbackError), restart: false };
}

/** A one-time-code field: digits on phones, the browser's SMS/app autofill hint. */
function codeField(id: string, label: string): { field: HTMLElement; input: HTMLInputElement } {
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

function checkFilled(input: HTMLInputElement): boolean {
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
