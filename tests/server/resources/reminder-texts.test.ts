import { describe, expect, it } from 'vitest';
import { reminderText } from '../../../src/resources/reminder/server/texts';
import { loadConfig } from '../../../src/server/config';

/** The mail settings as the environment gives them, and the notices' words in each language. */
describe('mail settings', () => {
  it('are off by default, with the documented defaults', () => {
    expect(loadConfig({}).app.mail).toEqual({
      smtpUrl: undefined,
      from: 'Lectern <no-reply@localhost>',
      language: 'en',
      attempts: 3,
      retrySeconds: 60,
      remindersHourUtc: 8,
    });
  });

  it('take an SMTP URL, a sender, a language, tries, back-off and the hour', () => {
    const mail = loadConfig({
      LECTERN_SMTP_URL: 'smtps://lib%40x.org:s3cret@mail.example.org:465',
      LECTERN_MAIL_FROM: 'City Library <library@example.org>',
      LECTERN_MAIL_LANGUAGE: 'zh',
      LECTERN_MAIL_ATTEMPTS: '5',
      LECTERN_MAIL_RETRY_SECONDS: '10',
      LECTERN_REMINDERS_HOUR: '6',
    }).app.mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://lib%40x.org:s3cret@mail.example.org:465',
      from: 'City Library <library@example.org>',
      language: 'zh',
      attempts: 5,
      retrySeconds: 10,
      remindersHourUtc: 6,
    });
  });

  it.each([
    [{ LECTERN_SMTP_URL: 'http://mail.example.org' }, 'LECTERN_SMTP_URL'],
    [{ LECTERN_MAIL_LANGUAGE: 'fr' }, 'LECTERN_MAIL_LANGUAGE'],
    [{ LECTERN_MAIL_ATTEMPTS: '0' }, 'LECTERN_MAIL_ATTEMPTS'],
    [{ LECTERN_REMINDERS_HOUR: '25' }, 'LECTERN_REMINDERS_HOUR'],
  ])('refuses %o, naming the setting', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('the notices', () => {
  const facts = { reader: 'Lin', title: '三体', date: '2026-11-30T10:00:00.000Z' };
  it('name the book and the date in every language', () => {
    for (const language of ['zh', 'en', 'es', 'ja'] as const)
      for (const kind of ['due_soon', 'overdue', 'ready'] as const) {
        const { subject, body } = reminderText(language, kind, facts);
        expect(subject, `${language} ${kind}`).toContain('三体');
        expect(body, `${language} ${kind}`).toContain('三体');
        expect(body, `${language} ${kind}`).toContain('2026');
        expect(body, `${language} ${kind}`).toContain('Lin');
      }
  });

  it('read as a reader expects: Chinese and English', () => {
    expect(reminderText('zh', 'overdue', facts).subject).toBe('已逾期：《三体》');
    expect(reminderText('zh', 'overdue', facts).body).toContain('已于 2026年11月30日 到期');
    expect(reminderText('en', 'due_soon', { ...facts, title: 'Dune' }).body).toContain(
      '"Dune" is due back on 30 November 2026',
    );
  });
});
