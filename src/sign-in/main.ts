import './sign-in.css';
import { i18n } from '@lingui/core';
import type { LoginResult } from '../contract/auth';
import { Code } from '../contract/envelope';
import type { LoginAnswer, MfaChallengeResult } from '../contract/mfa';
import { codeMessage } from '../lib/code-messages';
import { ApiError, createHttp, NetworkError } from '../lib/http';
import { activateLocale, changeLocale, detectLocale, isLocale } from '../lib/i18n';
import { clearSessionCaches } from '../lib/offline/session-cache';
import { getToken, markPasswordChange, SIGN_IN_REASON_KEY, setToken } from '../lib/token';
import { readableShade } from '../shell/theme';
import { MFA_ENROL_KEY } from './mfa-handoff';
import { setUpPasskeySignIn } from './passkey-button';
import { prefetchConsole } from './prefetch';
import { redirectTarget } from './redirect';
import { fallbackError, missingPassword, missingUser, offline, sessionExpired, sessionRefused, TEXTS } from './texts';

/**
 * The sign-in page (docs/product.md §2): login.html is the form, usable as soon as it is painted; this
 * translates it, checks and sends it, and opens the console. No React, router or Mantine here
 * (docs/performance.md: the page is some 20 KiB instead of 176); the console is one toolkit.
 */

const BASE = import.meta.env.BASE_URL;

const target = () => redirectTarget(location.search, location.origin, BASE);

// A signed-in visitor opening the sign-in page goes to the console (which checks the credential).
if (getToken()) location.replace(`${BASE}`);

// This document did load: the console's guard against a reload loop starts afresh (shell/sign-in-document.tsx).
sessionStorage.removeItem('lectern:sign-in-reload');

const root = document.documentElement;

/** Why the console sent this tab here, if it did (the code the saved credential was refused with). */
const reason = (() => {
  try {
    const code = sessionStorage.getItem(SIGN_IN_REASON_KEY);
    sessionStorage.removeItem(SIGN_IN_REASON_KEY);
    return code;
  } catch {
    return null;
  }
})();

function applyPrimary(): void {
  try {
    const theme = (JSON.parse(localStorage.getItem('lectern:settings') ?? '{}') as { theme?: unknown }).theme;
    if (typeof theme === 'string' && /^#[0-9a-f]{6}$/i.test(theme) && theme.toLowerCase() !== '#1890ff') {
      const shade = readableShade(theme);
      root.style.setProperty('--si-primary', shade);
      root.style.setProperty('--si-primary-hover', `color-mix(in srgb, ${shade} 85%, #000)`);
    }
  } catch {
    // Settings unreadable: Lectern's blue.
  }
}

const $ = <T extends Element>(selector: string, from: ParentNode = document) => from.querySelector(selector) as T;
const $$ = <T extends Element>(selector: string, from: ParentNode = document) => [
  ...from.querySelectorAll<T>(selector),
];

function translate(): void {
  const t = (text: string | undefined) => {
    const descriptor = text ? TEXTS[text] : undefined;
    return descriptor ? i18n._(descriptor) : (text ?? '');
  };
  for (const el of $$<HTMLElement>('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of $$<HTMLElement>('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of $$<HTMLInputElement>('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  // Messages already on screen follow the language too.
  for (const form of $$<HTMLFormElement>('form')) if (form.dataset.checked) validate(form);
  for (const [alert, text] of alerts) alert.textContent = text();
  for (const fn of afterTranslate) fn();
  if (reason !== null) {
    const notice = $<HTMLElement>('.si-notice');
    notice.textContent = i18n._(Number(reason) === Code.TokenExpired ? sessionExpired : sessionRefused);
    notice.hidden = false;
  }
  root.classList.remove('si-translating');
}

// The tabs are public/sign-in-boot.js's: they work before this module has arrived.

function fieldError(input: HTMLInputElement, message: string | null): void {
  const error = $<HTMLElement>(`#${input.id}-error`);
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

/** Mantine's form rules of the console: a user name (trimmed) and a password. */
function validate(form: HTMLFormElement): boolean {
  const user = $<HTMLInputElement>('[name="userName"]', form);
  const password = $<HTMLInputElement>('[name="password"]', form);
  const label = $<HTMLLabelElement>(`label[for="${user.id}"]`).textContent ?? '';
  fieldError(user, user.value.trim() ? null : i18n._(missingUser(label)));
  fieldError(password, password.value ? null : i18n._(missingPassword));
  const first = [user, password].find((el) => el.getAttribute('aria-invalid') === 'true');
  return !first;
}

/** What each form's alert says, worked out again in the language chosen after it was shown. */
const alerts = new Map<HTMLElement, () => string>();
/** The second step's own words said again after a language switch (second-step.ts). */
const afterTranslate = new Set<() => void>();

/** Signed in: a fresh start of the caches, the token stored, and on to the console. */
async function finish(data: LoginResult, remember: boolean): Promise<void> {
  // A new session starts with no cached lists (another user's, or an old session's, never show).
  await clearSessionCaches().catch(() => undefined);
  // The console's boot script then asks for nothing the change page does not need.
  markPasswordChange(data.mustChangePassword === true);
  // Remembered: the console's cookie lasts as long as the server's, the session's end.
  const until = remember && data.expiresAt ? new Date(data.expiresAt) : undefined;
  setToken(data.token, until && !Number.isNaN(until.getTime()) ? until : undefined);
  location.replace(target());
}

/**
 * The password was right and the server asks for a second step (a code, or first an enrolment):
 * its code is loaded now, only for the members who need it (docs/performance.md: the page stays light).
 */
async function secondStep(data: MfaChallengeResult, remember: boolean): Promise<void> {
  const { startSecondStep } = await import('./second-step');
  await startSecondStep({
    data,
    done: (result) => finish(result, remember),
    translate,
    onTranslate: (fn) => afterTranslate.add(fn),
  });
}

let busy = false;
for (const form of $$<HTMLFormElement>('form')) {
  const alert = $<HTMLElement>('.si-alert', form);
  const submit = $<HTMLButtonElement>('[type="submit"]', form);
  const http = createHttp({
    getToken: () => undefined,
    getLanguage: () => sessionStorage.getItem('Language') ?? undefined,
    ui: {
      error: (message) => {
        alert.textContent = message;
      },
      confirmLogout: () => undefined,
      offlineMessage: () => i18n._(offline),
      codeMessage,
    },
    fallbackMessage: () => i18n._(fallbackError),
  });

  form.addEventListener('input', (e) => {
    prefetchConsole();
    const input = e.target as HTMLInputElement;
    if (form.dataset.checked && input.getAttribute('aria-invalid')) fieldError(input, null);
  });
  for (const password of $$<HTMLInputElement>('[type="password"]', form)) {
    password.addEventListener('keyup', (e) => {
      $<HTMLElement>('.si-caps', form).hidden = !e.getModifierState('CapsLock');
    });
  }
  const reveal = $<HTMLButtonElement>('.si-reveal', form);
  reveal.addEventListener('click', () => {
    const input = $<HTMLInputElement>(`#${reveal.getAttribute('aria-controls')}`);
    const shown = input.type === 'password';
    input.type = shown ? 'text' : 'password';
    reveal.setAttribute('aria-pressed', String(shown));
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (busy) return;
    form.dataset.checked = '1';
    alert.textContent = '';
    alerts.delete(alert);
    if (!validate(form)) {
      $<HTMLInputElement>('[aria-invalid="true"]', form).focus();
      return;
    }
    busy = true;
    submit.setAttribute('aria-busy', 'true');
    const userName = $<HTMLInputElement>('[name="userName"]', form).value.trim();
    const password = $<HTMLInputElement>('[name="password"]', form).value;
    // Off by default (a shared computer); sent only when ticked, so the body is the contract's otherwise.
    const remember = $<HTMLInputElement>('[name="remember"]', form).checked;
    try {
      const data = await http.post<LoginAnswer>('/auth/login', {
        userName,
        password,
        ...(remember ? { remember: true } : {}),
      });
      // Types only from contract/mfa.ts: its schemas (zod) stay out of this page.
      if ('challenge' in data) {
        await secondStep(data, remember);
        busy = false;
        submit.removeAttribute('aria-busy');
        return;
      }
      await finish(data, remember);
    } catch (e) {
      // The message is in the form's alert; the form stays as it was. Said again in another
      // language if the user switches: a code of fixed meaning in its words, "offline" too; a
      // server's own words (a field's rule) stay as they came.
      const said = alert.textContent ?? '';
      if (e instanceof ApiError) {
        const { code, data } = e;
        const wordless = said === i18n._(fallbackError);
        alerts.set(alert, () => codeMessage(code, data) ?? (wordless ? i18n._(fallbackError) : said));
      } else if (e instanceof NetworkError && e.offline) {
        alerts.set(alert, () => i18n._(offline));
      } else if (said) {
        alerts.set(alert, () => said);
      }
      busy = false;
      submit.removeAttribute('aria-busy');
    }
  });
}

const language = $<HTMLSelectElement>('#si-language');
language.addEventListener('change', () => {
  if (isLocale(language.value)) void changeLocale(language.value).then(translate);
});

applyPrimary();
setUpPasskeySignIn();
const locale = detectLocale();
language.value = locale;
// Without its catalogue the page stays in English rather than blank.
// Cold: the build's part of the catalogue for this page (its messages only), not the console's whole.
await activateLocale(locale, location.pathname).catch(() => undefined);
translate();

// A required password change in the console that leads on to the enrolment of a second factor
// (features/account): the console left its challenge here and sent the tab back to this page.
const enrolNext = (() => {
  try {
    const challenge = sessionStorage.getItem(MFA_ENROL_KEY);
    sessionStorage.removeItem(MFA_ENROL_KEY);
    return challenge;
  } catch {
    return null;
  }
})();
if (enrolNext) void secondStep({ mfaEnrolRequired: true, challenge: enrolNext }, false);

// A form sent before this module was ready (public/sign-in-boot.js held it): sent now.
const held = window as Window & { lecternSignInPending?: HTMLFormElement };
const pending = held.lecternSignInPending;
held.lecternSignInPending = undefined;
pending?.requestSubmit();
