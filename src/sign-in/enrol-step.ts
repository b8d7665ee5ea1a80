import { i18n } from '@lingui/core';
import type { EnrolledLogin, TotpSetup } from '../contract/mfa';
import { codeInput } from './code-input';
import { copied } from './mfa-texts';
import { type StepDeps, showStep, stepHttp } from './second-step';
import { el, worded } from './step-dom';

/**
 * Enrolment at sign-in (LECTERN_MFA_REQUIRED): a member who must have a second factor and has
 * none scans a QR code (or types the key), confirms with a first code, and is then shown the ten
 * recovery codes once, with copy and download, before the console opens. No session exists until
 * the first code is confirmed.
 */
export async function startEnrolment(deps: StepDeps): Promise<void> {
  const http = stepHttp();
  const challenge = deps.data.challenge;
  const { field, input, alert, submit, refuse, onCode } = codeInput('si-enrol-code', 'Confirm', deps.onTranslate);
  const qr = el('div', { class: 'si-qr', role: 'img', 'data-i18n-label': 'QR code for your authenticator app' });
  const secret = el('code', { class: 'si-secret', 'data-testid': 'mfa-secret' });
  const back = worded('button', 'Back to sign-in', { type: 'button', class: 'si-link' });
  const form = el('form', { novalidate: '', 'aria-labelledby': 'si-step-title' }, [
    worded(
      'p',
      'Your account needs a second step at sign-in. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter the 6-digit code it shows.',
      { class: 'si-dimmed' },
    ),
    qr,
    worded('p', 'Cannot scan it? Enter this key in the app:', { class: 'si-dimmed' }),
    secret,
    field,
    alert,
    submit,
    back,
  ]);
  const section = el('section', { class: 'si-step', 'data-testid': 'mfa-enrol-step' }, [
    worded('h2', 'Set up two-step sign-in', { id: 'si-step-title' }),
    form,
  ]);
  const leave = showStep(section);
  back.addEventListener('click', leave);
  deps.translate();

  try {
    const setup = await http.post<TotpSetup>('/auth/login/enrol/start', { challenge }, { quiet: true });
    // The server's own SVG (uqr), no script in it: drawn as markup so it scales crisply.
    qr.innerHTML = setup.qrSvg;
    // Grouped by four for reading aloud and typing; apps ignore the spaces.
    secret.textContent = setup.secret.replace(/(.{4})/g, '$1 ').trim();
    input.focus();
  } catch (e) {
    refuse(e);
    return;
  }

  onCode(form, async (code) => {
    const result = await http.post<EnrolledLogin>('/auth/login/enrol/confirm', { challenge, code }, { quiet: true });
    section.remove();
    showRecoveryCodes(deps, result);
  });
}

/** The recovery codes, once: copy, download, then on to the console. */
function showRecoveryCodes(deps: StepDeps, result: EnrolledLogin): void {
  const { recoveryCodes, ...login } = result;
  const text = `${recoveryCodes.join('\n')}\n`;
  const copy = worded('button', 'Copy', { type: 'button', class: 'si-secondary' });
  const download = worded('button', 'Download', { type: 'button', class: 'si-secondary' });
  const next = worded('button', 'I have saved them: continue', { type: 'button', class: 'si-submit' });
  const list = el(
    'ul',
    { class: 'si-codes', 'data-testid': 'recovery-codes' },
    recoveryCodes.map((c) => el('li', {}, [c])),
  );
  const status = el('p', { class: 'si-dimmed', role: 'status' });
  const section = el('section', { class: 'si-step', 'data-testid': 'mfa-recovery-step' }, [
    worded('h2', 'Save your recovery codes', { id: 'si-step-title' }),
    worded(
      'p',
      'If you lose your phone, each of these codes signs you in once. They are shown only now: copy or download them and keep them somewhere safe.',
      { class: 'si-dimmed' },
    ),
    list,
    el('div', { class: 'si-row' }, [copy, download]),
    status,
    next,
  ]);
  showStep(section);
  deps.translate();
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(text).then(() => {
      status.textContent = i18n._(copied);
    });
  });
  download.addEventListener('click', () => {
    const a = el('a', {
      href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })),
      download: 'lectern-recovery-codes.txt',
    });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  });
  next.addEventListener('click', () => {
    next.setAttribute('aria-busy', 'true');
    void deps.done(login);
  });
  next.focus();
}
