import { describe, it } from 'vitest';
import { expectResponsive, post, serverForFile, underPoll } from './harness';

/**
 * Text whose cost grows faster than its length, while /healthz is polled: rich text at the news
 * content limit (100,000 characters) through sanitize-html, and passwords up to the rule's 200
 * characters through zxcvbn (and far past it at the sign-in, which needs no token).
 */
const srv = serverForFile();

const N = 100_000;
const RICH: [string, string][] = [
  ['33,000 nested <b>', '<b>'.repeat(N / 3)],
  ['33,000 nested <a>', '<a>'.repeat(N / 3)],
  ['20,000 nested <div>', '<div>'.repeat(N / 5)],
  ['25,000 <b/>', '<b/>'.repeat(N / 4)],
  ['20,000 <b> then </p>', `${'<b>'.repeat(20_000)}${'</p>'.repeat(9_900)}`],
  ['25,000 <b> then </i>', `${'<b>'.repeat(25_000)}${'</i>'.repeat(6_200)}`],
  ['<svg> and 33,000 nested <b>', `<svg>${'<b>'.repeat(N / 3 - 2)}`],
  ['100 <b> then </i> to the limit', `${'<b>'.repeat(100)}${'</i>'.repeat((N - 300) / 4)}`],
  ['an attribute list of 25,000', `<a ${'a=1 '.repeat(N / 4 - 4)}>`],
  ['100,000 characters of text', 'x'.repeat(N)],
  ['4,000 links opened in a new tab', '<a target="_blank" href="https://x.test">x</a>'.repeat(N / 48)],
  ['100,000 <', '<'.repeat(N)],
];

// The estimator's slowest 200-character passwords: long repeats, digit runs read as dates, l33t.
const SLOW: [string, string][] = [
  ['1 ×200', '1'.repeat(200)],
  ['a date ×25', '19911991'.repeat(25)],
  ['p@$$w0rd ×25', 'p@$$w0rd'.repeat(25)],
  ['0 ×200', '0'.repeat(200)],
];

describe('rich text', () => {
  it.each(RICH)('a news article, with a token: %s', async (what, content) => {
    const body = { title: 'Hostile', content, status: 'draft' };
    expectResponsive(await underPoll(srv.url, post(srv.url, '/prod-api/news', body, srv.token)), what, [201, 400]);
  });
});

describe('passwords', () => {
  it.each([...SLOW, ['1 MiB', 'p'.repeat(1024 * 1024 - 100)] as [string, string]])(
    'sign-in, no token: %s',
    async (what, password) => {
      const p = await underPoll(srv.url, post(srv.url, '/prod-api/auth/login', { userName: 'admin', password }));
      expectResponsive(p, what, [400, 401, 413]);
    },
  );

  it.each(SLOW)('change password, with a token: %s', async (what, newPassword) => {
    const body = { oldPassword: 'not-the-password', newPassword };
    const p = await underPoll(srv.url, post(srv.url, '/prod-api/auth/password', body, srv.token, 'PUT'));
    expectResponsive(p, what, 400);
  });

  it.each(SLOW.map(([what, pw], i) => [what, pw, i] as const))(
    'a new staff member, with a token: %s',
    async (what, password, i) => {
      const body = {
        userName: `slow${i}`,
        phone: `1390000${String(i).padStart(4, '0')}`,
        name: 'Slow',
        roles: ['operator'],
        status: 'active',
        password,
      };
      expectResponsive(await underPoll(srv.url, post(srv.url, '/prod-api/user', body, srv.token)), what, 400);
    },
  );
});
