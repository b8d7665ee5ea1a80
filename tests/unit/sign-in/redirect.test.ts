import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../../src/sign-in/redirect';

const ORIGIN = 'https://lectern.example';

describe('redirectTarget (where the sign-in document goes after signing in)', () => {
  it('keeps a path of the console with its query, under the base path', () => {
    expect(redirectTarget('?redirect=%2Fusers%2Fonline%3Ffrom%3De2e', ORIGIN, '/')).toBe('/users/online?from=e2e');
    expect(redirectTarget('?redirect=%2Fweb%2Fbook', ORIGIN, '/panda/')).toBe('/panda/web/book');
  });

  it('goes home without a target, or for one that is not a path', () => {
    expect(redirectTarget('', ORIGIN, '/')).toBe('/');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example%2F', ORIGIN, '/panda/')).toBe('/panda/');
  });

  it('never leaves the site, however the other host is written', () => {
    for (const evil of ['//evil.example/x', '/\\evil.example/x', '/\\/evil.example', '/%5Cevil.example']) {
      const target = redirectTarget(`?redirect=${encodeURIComponent(evil)}`, ORIGIN, '/');
      expect(new URL(target, ORIGIN).origin, evil).toBe(ORIGIN);
    }
  });
});

describe('redirectTarget when renewing a session in the console’s dialog', () => {
  it('ends on the page that tells the console, under the base path, whatever the redirect', () => {
    expect(redirectTarget('?renew=1', ORIGIN, '/')).toBe('/session-renewed.html');
    expect(redirectTarget('?renew=1&redirect=%2Fweb%2Fbook', ORIGIN, '/panda/')).toBe('/panda/session-renewed.html');
    expect(redirectTarget('?renew=0&redirect=%2Fweb%2Fbook', ORIGIN, '/')).toBe('/web/book');
  });
});
