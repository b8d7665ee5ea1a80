import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { PasswordMeter } from '../../../../src/features/account/components/password-meter';
import { judgePassword, type PasswordRating } from '../../../../src/features/account/model';
import { activateLocale, type Locale } from '../../../../src/lib/i18n';

const html = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nProvider>,
  );
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The state each rule shows, in order, from its data-state. */
const states = (markup: string) =>
  [...markup.matchAll(/data-rule="(\w+)" data-state="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`);

const rated = (password: string, rating: Omit<PasswordRating, 'password'>) =>
  judgePassword(password, { password, ...rating });
/** Long enough, but on every list of common passwords. */
const tooCommon = () =>
  rated('password1234', { general: { score: 0, problem: 'tooCommon' }, personal: { score: 0, problem: 'tooCommon' } });

afterAll(() => activateLocale('en'));

describe('the password meter', () => {
  it('states every rule, and what is met so far, for screen readers too', async () => {
    await activateLocale('en');
    const short = html(<PasswordMeter verdict={judgePassword('abc', undefined)} unavailable={false} />);
    expect(states(short)).toEqual(['length:unmet', 'common:idle', 'guess:idle', 'personal:idle']);
    expect(text(short)).toContain('At least 12 characters : not met');
    expect(text(short)).toContain('Not a common or breached password : not checked yet');
    expect(text(short)).toContain('Not yet: At least 12 characters.');

    const common = html(<PasswordMeter verdict={tooCommon()} unavailable={false} />);
    expect(states(common)).toEqual(['length:met', 'common:unmet', 'guess:unmet', 'personal:met']);
    expect(text(common)).toContain('Very weak');
    expect(text(common)).toContain('Not yet: Not a common or breached password.');

    const strong = html(
      <PasswordMeter
        verdict={rated('violet-kettle-harbour', { general: { score: 4 }, personal: { score: 4 } })}
        unavailable={false}
      />,
    );
    expect(states(strong)).toEqual(['length:met', 'common:met', 'guess:met', 'personal:met']);
    expect(text(strong)).toContain('Strength: Very strong. The password meets every rule.');
    // The outcome is announced politely, once it changes.
    expect(strong).toMatch(/aria-live="polite"[^>]*>Strength: Very strong/);
  });

  it('says when only the server can judge (the estimator did not load)', async () => {
    await activateLocale('en');
    const out = html(<PasswordMeter verdict={judgePassword('long enough password', undefined)} unavailable />);
    expect(states(out)).toEqual(['length:met', 'common:idle', 'guess:idle', 'personal:idle']);
    expect(text(out)).toContain('the server checks the password when you save');
  });

  it.each([
    ['zh', '至少 12 个字符', '不是常见或已泄露的密码', '尚未满足'],
    ['es', 'Al menos 12 caracteres', 'No es una contraseña común ni filtrada', 'Aún no'],
    ['ja', '12 文字以上', 'よく使われる、または漏洩したパスワードではない', '未達成'],
    ['en', 'At least 12 characters', 'Not a common or breached password', 'Not yet'],
  ] as [Locale, string, string, string][])('explains the rule in %s', async (locale, length, common, notYet) => {
    await activateLocale(locale);
    const out = text(html(<PasswordMeter verdict={tooCommon()} unavailable={false} />));
    expect(out).toContain(length);
    expect(out).toContain(common);
    expect(out).toContain(notYet);
  });
});
