import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantContext } from './a11y-helpers';
import { adminToken, baseURL, createStaff, launch, newContext, openSignedIn, screenshot, signIn } from './browser';
import { apiCall, type RunningServer, startServer } from './server-process';

/*
 * Two-step sign-in in Chromium: enrolment from the account page and a sign-in with password and
 * code on the shared server (LECTERN_MFA_REQUIRED=none there); on a server of this file's own with
 * the default (admin), a new administrator's forced password change followed by the forced
 * enrolment, and the steps in Spanish and Japanese at 390 and 1366 px. Codes are computed from the
 * secret the page shows, as an authenticator app would.
 */

let browser: Browser;
const suffix = randomBytes(3).toString('hex');
const phoneOf = (n: number) => `13${n}${String(Number.parseInt(suffix, 16) % 100_000_000).padStart(8, '0')}`;

const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate(
    {
      timestamp: Date.now() + offsetMs,
    },
  );

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The password form, then the second step appears in place of it. */
async function passwordStep(page: Page, userName: string, password: string) {
  await page.goto('/login');
  await signIn(page, 'admin', userName, password);
}

describe('two-step sign-in (shared server)', () => {
  it('the sign-in page stays light: the code step is not loaded until a code is asked', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const files: Promise<{ path: string; gz: number }>[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\.(js|css)$/.test(path)) files.push(r.body().then((b) => ({ path, gz: gzipSync(b, { level: 9 }).length })));
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(files);
    const kib = loaded.reduce((n, f) => n + f.gz, 0) / 1024;
    console.log(
      `sign-in page cold load: ${kib.toFixed(1)} KiB gzip JS+CSS: ${loaded.map((f) => `${f.path} ${(f.gz / 1024).toFixed(1)}`).join(', ')}`,
    );
    // Under 30 KiB until a code is asked: the page's code, and of the catalogue only its own part
    // (the build writes it, scripts/console-boot.ts), never the console's whole (messages-*.js).
    expect(kib).toBeLessThan(30);
    expect(loaded.map((f) => f.path).filter((p) => /\/messages-/.test(p))).toEqual([]);
    expect(loaded.map((f) => f.path).filter((p) => /second-step|enrol-step/.test(p))).toEqual([]);
    await context.close();
  });

  it('enrols an authenticator app on the account page, then signs in with password and code', async () => {
    const member = await createStaff(await adminToken(), {
      userName: `mfa_${suffix}`,
      phone: phoneOf(5),
      name: 'Mfa Member',
      roles: ['operator'],
      status: 'active',
      password: 'basalt-meadow-lantern',
    });
    const page = await openSignedIn(browser, '/account/password', member);
    const section = page.getByTestId('two-step-section');
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await section.locator('svg').count()).toBeGreaterThan(0);
    await section.getByRole('textbox', { name: 'Code' }).fill(codeAt(secret));
    await section.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    await screenshot(page, 'mfa-account-recovery-codes');
    await page.getByTestId('recovery-codes-done').click();
    await page.getByTestId('end-other-sessions').waitFor();
    await section.getByText('Recovery codes left: 10').waitFor();
    await page.context().close();

    // Signed out (a new browser): the password alone opens nothing, the code step is asked.
    const next = await (await newContext(browser)).newPage();
    const chunks: string[] = [];
    next.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await passwordStep(next, member.userName, member.password);
    const step = next.getByTestId('mfa-code-step');
    await step.waitFor();
    expect(chunks.some((p) => /second-step/.test(p))).toBe(true);
    expect(await next.evaluate(() => document.cookie)).not.toMatch(/Authorization=/);
    await step.getByRole('textbox', { name: 'Code' }).fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    // The next step's code (the one used to enrol is spent: a code is good once).
    await step.getByRole('textbox', { name: 'Code' }).fill(codeAt(secret, 30_000));
    await step.getByRole('button', { name: 'Verify' }).click();
    await next.waitForURL((u) => u.pathname === '/index');
    await next.context().close();
  });
});

describe('two-step sign-in required for administrators (a server of its own, the default)', () => {
  let server: RunningServer;
  let dataDir: string;
  const ownerPassword = 'cobalt-harbour-violin-42';
  let ownerToken: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lectern-mfa-'));
    server = await startServer({
      LECTERN_DATA: dataDir,
      LECTERN_ADMIN_PASSWORD: ownerPassword,
      LECTERN_DIST: process.env.LECTERN_DIST ?? 'dist',
      // The default, stated: the shared server's start-up sets none.
      LECTERN_MFA_REQUIRED: 'admin',
    });
    // The first administrator enrols through the API, as an authenticator app would answer.
    const first = await apiCall<{ mfaEnrolRequired?: true; challenge: string }>(server.url, '/auth/login', {
      userName: 'admin',
      password: ownerPassword,
    });
    expect(first.mfaEnrolRequired).toBe(true);
    const setup = await apiCall<{ secret: string }>(server.url, '/auth/login/enrol/start', {
      challenge: first.challenge,
    });
    ownerToken = (
      await apiCall<{ token: string }>(server.url, '/auth/login/enrol/confirm', {
        challenge: first.challenge,
        code: codeAt(setup.secret),
      })
    ).token;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const newAdmin = async (n: number) => {
    const account = { userName: `boss${n}_${suffix}`, password: `Given-by-owner-${n}-xyz` };
    await apiCall(
      server.url,
      '/user',
      { ...account, phone: phoneOf(6 + n), name: `Boss ${n}`, roles: ['admin'], status: 'active' },
      ownerToken,
    );
    return account;
  };

  it('a new administrator changes the given password, then sets up the app, before the console opens', async () => {
    const boss = await newAdmin(0);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    await passwordStep(page, boss.userName, boss.password);
    await page.getByTestId('password-required').waitFor();
    const form = page.getByTestId('password-form');
    await form.getByLabel('Current password').fill(boss.password);
    await form.getByLabel(/^New password/).fill('Quartz-orchard-sailing-91');
    await form.getByLabel('Confirm new password').fill('Quartz-orchard-sailing-91');
    await page.getByTestId('password-submit').click();
    // Back on the sign-in page, at the enrolment: no session meanwhile.
    const enrol = page.getByTestId('mfa-enrol-step');
    await enrol.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // The step shows before its secret arrives (POST /auth/login/enrol/start): read it once there.
    const shown = page.getByTestId('mfa-secret').filter({ hasText: /[A-Z2-7]{4}/ });
    await shown.waitFor();
    const secret = ((await shown.textContent()) ?? '').replace(/\s/g, '');
    await enrol.getByRole('textbox', { name: 'Code' }).fill(codeAt(secret));
    await enrol.getByRole('button', { name: 'Confirm' }).click();
    const saved = page.getByTestId('mfa-recovery-step');
    await saved.waitFor();
    expect(await saved.locator('li').count()).toBe(10);
    await screenshot(page, 'mfa-sign-in-recovery-codes-1280');
    await saved.getByRole('button', { name: 'I have saved them: continue' }).click();
    await page.waitForURL((u) => u.pathname === '/index');
    await context.close();
  });

  it('shows the enrolment and the code step in Spanish and Japanese at 390 and 1366 px', async () => {
    // One administrator who never finishes enrolling (each visit starts afresh), one with the app.
    const pending = await newAdmin(1);
    const firstLogin = await apiCall<{ token: string }>(server.url, '/auth/login', pending);
    const own = 'Pending-admin-own-pass-7';
    await fetch(`${server.url}/prod-api/auth/password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-token': firstLogin.token },
      body: JSON.stringify({ oldPassword: pending.password, newPassword: own }),
    });
    for (const language of ['es', 'ja'] as const) {
      for (const width of [390, 1366]) {
        const context = await variantContext(browser, server.url, { language, dark: false }, { width, height: 860 });
        const page = await context.newPage();
        await page.goto('/login');
        await page.getByRole('tab').nth(1).click();
        const panel = page.getByRole('tabpanel');
        await panel.locator('input:not([type=password])').first().fill(pending.userName);
        await panel.locator('input[type=password]').fill(own);
        await panel.locator('input[type=password]').press('Enter');
        const enrol = page.getByTestId('mfa-enrol-step');
        await enrol.locator('svg').waitFor();
        expect(await enrol.locator('h2').textContent()).not.toBe('Set up two-step sign-in');
        await screenshot(page, `mfa-enrol-${language}-${width}`);
        // The owner has the app: the code step.
        await enrol.locator('.si-link').click();
        await panel.locator('input:not([type=password])').first().fill('admin');
        await panel.locator('input[type=password]').fill(ownerPassword);
        await panel.locator('input[type=password]').press('Enter');
        const step = page.getByTestId('mfa-code-step');
        await step.waitFor();
        expect(await step.locator('h2').textContent()).not.toBe('Two-step sign-in');
        await step.locator('input').fill('111111');
        await step.locator('input').press('Enter');
        await step.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
        await screenshot(page, `mfa-code-${language}-${width}`);
        // Nothing wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await context.close();
      }
    }
  });
});
