import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantContext } from './a11y-helpers';
import { adminToken, baseURL, createStaff, launch, newContext, openSignedIn, screenshot, signIn } from './browser';

/*
 * Every sign-in on the record (ASVS 16.3.1): a wrong password then the right one through the real
 * form; the admin's audit log shows both under "Security events", with their labels, address and
 * browser; the member's account page lists them. The server is shared by every e2e file: rows are
 * found by this file's own account name, never counted.
 */

let browser: Browser;
const suffix = randomBytes(3).toString('hex');
let member = {
  userName: `sev_${suffix}`,
  phone: `139${String(Number.parseInt(suffix, 16) % 100_000_000).padStart(8, '0')}`,
  name: 'Sev Events',
  roles: ['operator'],
  status: 'active',
  password: 'granite-lotus-harbour',
};

beforeAll(async () => {
  browser = await launch();
  member = await createStaff(await adminToken(), member);
});
afterAll(() => browser?.close());

/** A wrong password, then the right one, through the sign-in form (the administrator tab: account name). */
async function wrongThenRight(page: Page): Promise<void> {
  await page.goto('/login');
  await signIn(page, 'admin', member.userName, 'not-the-password-at-all');
  await page.getByRole('alert').first().waitFor();
  await page
    .getByRole('form', { name: 'Administrator sign-in' })
    .getByLabel('Password', { exact: true })
    .fill(member.password);
  await page.getByRole('form', { name: 'Administrator sign-in' }).getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/index');
}

describe('security events', () => {
  it('puts a wrong password and a sign-in on the record, for the admin and for the member', async () => {
    const page = await (await newContext(browser)).newPage();
    await wrongThenRight(page);

    // The member's own account page: the two, newest first, with address and browser.
    await page.goto('/account/password');
    const rows = page.getByTestId('sign-in-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    expect(await rows.nth(0).getAttribute('data-kind')).toBe('sign_in');
    expect(await rows.nth(1).getAttribute('data-kind')).toBe('sign_in_failed');
    expect(await rows.nth(0).getByTestId('security-event').textContent()).toBe('Signed in');
    expect(await rows.nth(1).getByTestId('security-event').textContent()).toBe('Sign-in failed: wrong password');
    expect(await rows.nth(1).textContent()).toContain('127.0.0.1');
    expect(await rows.nth(1).textContent()).toMatch(/Chrome/);
    await screenshot(page, 'security-events-account');
    await page.context().close();

    // The admin: the Security events filter, narrowed to this member by name.
    const admin = await openSignedIn(browser, `/users/audit?resource=security&keyword=${member.userName}`);
    const events = admin.getByTestId('security-event');
    await expect
      .poll(async () => (await events.allTextContents()).join('|'))
      .toContain('Sign-in failed: wrong password');
    const labels = await events.allTextContents();
    expect(labels).toContain('Signed in');
    // Only security events under the filter: no record change's badge.
    expect(await admin.getByTestId('audit-details').count()).toBe(0);
    expect(await admin.getByTestId('security-origin').first().textContent()).toContain('127.0.0.1');
    await screenshot(admin, 'security-events-audit');

    // The export (CSV) has them, with address and browser, never the password.
    const res = await fetch(`${baseURL()}/prod-api/audit/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Token': await adminToken() },
      body: JSON.stringify({ pageNum: 1, pageSize: 10, resource: 'security', keyword: member.userName }),
    });
    const csv = await res.text();
    expect(res.status).toBe(200);
    const header = csv.split(/\r?\n/)[0] ?? '';
    for (const column of ['address', 'userAgent', 'reason']) expect(header).toContain(column);
    expect(csv).toContain('wrong_password');
    expect(csv).toContain('sign_in_failed');
    expect(csv).not.toContain('not-the-password-at-all');
    expect(csv).not.toContain(member.password);
    await admin.context().close();
  });

  it('reads well in es and ja at 390 and 1366 px', async () => {
    for (const language of ['es', 'ja'] as const) {
      for (const width of [390, 1366]) {
        const context = await variantContext(browser, baseURL(), { language, dark: false }, { width, height: 860 });
        const page = await context.newPage();
        await page.goto('/login');
        await page.getByRole('tab').nth(1).click();
        const panel = page.getByRole('tabpanel');
        await panel.locator('input:not([type=password])').first().fill(member.userName);
        await panel.locator('input[type=password]').fill(member.password);
        await panel.locator('input[type=password]').press('Enter');
        await page.waitForURL((u) => u.pathname === '/index');
        await page.goto('/account/password');
        await page.getByTestId('sign-in-row').first().waitFor();
        await page.getByTestId('sign-ins-table').scrollIntoViewIfNeeded();
        // Nothing scrolls the page sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `security-events-account-${language}-${width}`);
        await context.close();
      }
    }
  });
});
