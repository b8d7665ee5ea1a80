import { beforeEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from '../../../src/lib/cookies';
import { detectLocale } from '../../../src/lib/i18n';
import { safeRedirect } from '../../../src/lib/paths';
import { getToken, removeToken, setToken } from '../../../src/lib/token';

beforeEach(() => {
  for (const c of document.cookie.split('; ')) if (c) removeCookie(c.split('=')[0] as string);
});

describe('cookies', () => {
  it('round-trips values with special characters and removes them', () => {
    setCookie('a b', 'x=y; z');
    expect(getCookie('a b')).toBe('x=y; z');
    removeCookie('a b');
    expect(getCookie('a b')).toBeUndefined();
  });

  it('keeps the credential in the Authorization cookie', () => {
    expect(getToken()).toBeUndefined();
    setToken('abc');
    expect(getCookie('Authorization')).toBe('abc');
    expect(getToken()).toBe('abc');
    removeToken();
    expect(getToken()).toBeUndefined();
  });
});

describe('detectLocale', () => {
  it.each([
    ['ja', ['zh-CN'], 'ja'],
    [undefined, ['zh-CN', 'en'], 'zh'],
    [undefined, ['fr-FR', 'es-MX'], 'es'],
    ['xx', ['fr'], 'en'],
    [undefined, [], 'en'],
  ] as const)('cookie %j, browser %j → %s', (cookie, browser, expected) => {
    expect(detectLocale(cookie, browser)).toBe(expected);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/web/book?pageNum=2', '/web/book?pageNum=2'],
    ['//evil.example/x', '/'],
    ['https://evil.example', '/'],
    [undefined, '/'],
  ])('%j → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
