import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, baseURL, createStaff, launch, screenshot } from './browser';

/*
 * Passkeys in Chromium (docs/passkeys.md) with a virtual authenticator of the DevTools protocol
 * (WebAuthn domain): a platform authenticator with resident keys and user verification, so the
 * browser's real WebAuthn code runs against the real server. Served from localhost: a passkey needs
 * a domain (an IP address is refused as a relying party), and localhost is one.
 */

let browser: Browser;
const tag = randomBytes(3).toString('hex');
let member = {
  userName: `pk_e2e_${tag}`,
  phone: `139${String(Number.parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`,
  name: 'Petra Passkey',
  roles: ['operator'],
  status: 'active',
  password: 'walnut-lantern-orbit',
};

/** The e2e server, by name: WebAuthn wants a domain. */
const site = () => baseURL().replace('127.0.0.1', 'localhost');

beforeAll(async () => {
  browser = await launch();
  member = await createStaff(await adminToken(), member);
});
afterAll(() => browser?.close());

async function open(language = 'en', width = 1366): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: site(),
    viewport: { width, height: width < 500 ? 844 : 800 },
    locale: 'en-US',
  });
  await context.addCookies([{ name: 'language', value: language, url: site() }]);
  return { context, page: await context.newPage() };
}

type Authenticator = { cdp: CDPSession; id: string };

/** A platform authenticator (a laptop's fingerprint reader) on this page's target. */
async function virtualAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** Password sign-in on the staff tab, whatever the page's language (by the inputs' ids). */
async function passwordSignIn(page: Page, path = '/account/password') {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await page.locator('#si-staff-user').fill(member.phone);
  await page.locator('#si-staff-password').fill(member.password);
  await page.locator('#si-panel-staff button[type=submit]').click();
  await page.waitForURL((u) => u.pathname === path);
}

const rows = (page: Page) => page.getByTestId('passkey-row');

/** What an authenticator holds, private keys and signature counters included. */
const heldBy = async (a: Authenticator) =>
  (await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.id })).credentials;

describe('passkeys', () => {
  let context: BrowserContext;
  let page: Page;
  let authenticator: Authenticator;

  beforeAll(async () => {
    ({ context, page } = await open());
    authenticator = await virtualAuthenticator(page);
  });
  afterAll(() => context?.close());

  it('adds a passkey on the account page', async () => {
    await passwordSignIn(page);
    const panel = page.getByTestId('passkeys');
    await panel.getByTestId('no-passkeys').waitFor();
    await panel.getByLabel('Name of the new passkey').fill('E2E laptop');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await rows(page).filter({ hasText: 'E2E laptop' }).waitFor();
    expect(await rows(page).first().textContent()).toContain('never');
    // The authenticator now holds a discoverable credential for this site.
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.id,
    });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    expect(credentials[0]?.rpId).toBe('localhost');
  });

  it('signs out, then signs in with the passkey alone; the WebAuthn code loads only on the click', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    const button = page.getByTestId('passkey-sign-in');
    await button.waitFor();
    await page.waitForLoadState('load');
    expect(scripts.filter((s) => s.includes('passkey'))).toEqual([]);
    const verify = page.waitForResponse((r) => r.url().endsWith('/auth/passkeys/authentication/verify'));
    await button.click();
    expect((await verify).status()).toBe(200);
    await page.waitForURL((u) => u.pathname !== '/login');
    expect(scripts.some((s) => s.includes('passkey'))).toBe(true);
    await page.goto('/account/password');
    // No password was typed: the sign-in is on the record as a passkey's.
    await rows(page).filter({ hasText: 'E2E laptop' }).waitFor();
    await page.getByText('Signed in: passkey').first().waitFor();
    expect(await rows(page).first().textContent()).not.toContain('never');
  });

  it('renames it', async () => {
    await rows(page).first().getByRole('button', { name: 'Rename E2E laptop' }).click();
    await page.getByTestId('passkey-rename-input').fill('Desk fingerprint');
    await page.getByTestId('passkey-rename-save').click();
    await rows(page).filter({ hasText: 'Desk fingerprint' }).waitFor();
    await page.reload();
    await rows(page).filter({ hasText: 'Desk fingerprint' }).waitFor();
  });

  it('looks right in Spanish and Japanese, on a phone and a laptop', async () => {
    const fits = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const size = (p: Page, width: number) => p.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    let held = await heldBy(authenticator);
    for (const language of ['es', 'ja']) {
      const { context: c, page: p } = await open(language, 390);
      // Signed out: the sign-in page at both widths.
      for (const width of [390, 1366]) {
        await size(p, width);
        await p.goto('/login');
        await p.getByTestId('passkey-sign-in').waitFor();
        await p.waitForFunction(() => !document.documentElement.classList.contains('si-translating'));
        expect(await p.getByTestId('passkey-sign-in').textContent()).not.toContain('Sign in with a passkey');
        expect(await fits(p)).toBe(true);
        await screenshot(p, `passkeys-sign-in-${language}-${width}`);
      }
      // Signed in: the account page's passkeys at both widths. A member with a passkey signs in
      // with it (a password alone is refused), so this browser's authenticator gets a copy of it.
      // Copied from the device that used it last: its signature counter must go on rising, or the
      // server takes the copy for a clone and refuses it.
      const here = await virtualAuthenticator(p);
      for (const credential of held)
        await here.cdp.send('WebAuthn.addCredential', { authenticatorId: here.id, credential });
      await p.goto(`/login?redirect=${encodeURIComponent('/account/password')}`);
      await p.getByTestId('passkey-sign-in').click();
      await p.waitForURL((u) => u.pathname === '/account/password');
      for (const width of [1366, 390]) {
        await size(p, width);
        await p.reload();
        await rows(p).filter({ hasText: 'Desk fingerprint' }).waitFor();
        await p.getByTestId('passkeys').scrollIntoViewIfNeeded();
        expect(await fits(p)).toBe(true);
        await screenshot(p, `passkeys-account-${language}-${width}`);
      }
      held = await heldBy(here);
      await c.close();
    }
  });

  it('removes it; the authenticator still holds it, but it signs in no more', async () => {
    await rows(page).first().getByRole('button', { name: 'Remove Desk fingerprint' }).click();
    await page.getByTestId('confirm-remove-passkey').click();
    await page.getByTestId('no-passkeys').waitFor();
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    const verify = page.waitForResponse((r) => r.url().endsWith('/auth/passkeys/authentication/verify'));
    await page.getByTestId('passkey-sign-in').click();
    expect((await verify).status()).toBe(401);
    await page.getByTestId('passkey-alert').filter({ hasText: 'This passkey was not accepted' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

it('hides the button where the browser has no WebAuthn', async () => {
  const { context, page } = await open();
  await context.addInitScript(() => {
    // An old or locked-down browser.
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });
  await page.goto('/login');
  await page.locator('#si-staff-user').waitFor();
  await page.waitForLoadState('load');
  await expect.poll(() => page.locator('#si-passkey').isHidden()).toBe(true);
  await context.close();
});
