import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createStaff, screenshot } from './browser';
import { deleteRow, deleteWithUndo, rows, toasts, toastsCover, urlSearch } from './lists';
import { e2eSession } from './session';

const session = e2eSession();

/*
 * User management: readers, staff accounts (admin only), online messages. Data the test is not
 * about is arranged through the API; names differ from foundation.test.ts's operator 'olivia'.
 */

interface Row {
  id: number;
  version: number;
  [key: string]: unknown;
}

let operator = {
  userName: 'uma_ops',
  phone: '13900000021',
  name: 'Uma Operator',
  roles: ['operator'],
  status: 'active',
  password: 'uma-operator-pass',
};

beforeAll(async () => {
  operator = await createStaff(session.token, operator);
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    await api('/users', {
      body: {
        nickName: `Reader ${n}`,
        phone: `1380000${String(i).padStart(4, '0')}`,
        email: `reader${n}@example.com`,
        gender: i % 2 ? 'female' : 'male',
        status: i <= 9 ? 'active' : 'disabled',
      },
      token: session.token,
    });
  }
  await api('/online', {
    body: { readerName: 'Wanda Writer', contact: 'wanda@example.com', content: 'Do you have large-print editions?' },
    token: session.token,
  });
  await api('/online', {
    body: { readerName: 'Otto Other', content: 'Opening hours on Sunday?' },
    token: session.token,
  });
});

const signedIn = session.signedIn;

const page_ = session.page;

describe('readers', () => {
  it('lists, filters, searches and sorts on the server with the state in the URL', async () => {
    const page = await signedIn('/users/user');
    await expect.poll(() => rows(page).count()).toBe(10);
    await page.getByText('reader12@example.com').waitFor();
    await screenshot(page, 'users-list');

    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Disabled' }).click();
    await expect.poll(() => urlSearch(page).status).toBe('disabled');
    await expect.poll(() => rows(page).count()).toBe(3);

    await page.getByTestId('filter-gender').click();
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await expect.poll(() => urlSearch(page).gender).toBe('male');
    // Readers 10 and 12: disabled and male.
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.goto('/users/user');
    await page.getByTestId('list-keyword').fill('Reader 1');
    await expect.poll(() => urlSearch(page).keyword).toBe('Reader 1');
    // Reader 10, 11, 12 (and not Reader 01).
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.getByTestId('sort-nickName').click();
    await page.getByTestId('sort-nickName').click();
    await expect.poll(() => urlSearch(page).order).toBe('desc');
    await expect.poll(() => rows(page).first().textContent()).toContain('Reader 12');
    await page.context().close();
  });

  it('creates, edits and deletes (with Undo) a reader', async () => {
    const page = await signedIn('/users/user');
    await page.getByTestId('create-record').click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('Nickname').fill('Zed Zebra');
    await form.getByLabel('Phone').fill('not a phone');
    await form.getByText('must be a phone number').waitFor();
    await form.getByLabel('Phone').fill('13811112222');
    await form.getByLabel('Email').fill('zed@example.com');
    await form.getByLabel('Gender').click();
    await page.getByRole('option', { name: 'Other' }).click();
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'detached' });
    const created = (await page_<Row>('/users', { keyword: 'Zed Zebra' })).items[0];
    expect(created).toMatchObject({ nickName: 'Zed Zebra', phone: '13811112222', gender: 'other', status: 'active' });

    await page.getByTestId('list-keyword').fill('Zed');
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Edit Zed Zebra' }).click();
    await form.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Disabled' }).click();
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).first().textContent()).toContain('Disabled');

    // Undo brings the row back and nothing is deleted; deleted for real once the toast's window has passed.
    await deleteWithUndo(page, {
      count: 1,
      undone: 'Zed Zebra',
      deleted: 'Zed Zebra',
      total: async () => (await page_<Row>('/users', { keyword: 'Zed Zebra' })).total,
    });
    await page.context().close();
  });
});

describe('staff', () => {
  it('creates with a password, edits keeping it, refuses self-demotion with the server message, deletes', async () => {
    const page = await signedIn('/users/adminuser');
    await rows(page).first().waitFor();
    await page.getByTestId('create-record').click();
    const form = page.getByTestId('resource-form');
    await form.getByLabel('Account').fill('victor_v');
    await form.getByLabel('Name').fill('Victor Vance');
    await form.getByLabel('Phone').fill('13900000022');
    await form.getByText('The member must change it at the first sign-in.').waitFor();
    await form.getByRole('textbox', { name: 'Password' }).fill('short');
    await form.getByText('At least 12 characters', { exact: true }).waitFor();
    await form.getByRole('textbox', { name: 'Password' }).fill('victor-pass-123');
    await form.getByTestId('field-roles').click({ force: true });
    await page.getByRole('option', { name: 'Administrator' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'administrators-form');
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'detached' });
    const created = (await page_<Row>('/user', { keyword: 'victor_v' })).items[0];
    expect(created).toMatchObject({ userName: 'victor_v', roles: ['operator', 'admin'] });
    expect(created).not.toHaveProperty('password');

    // The new password works, and must be changed at the first sign-in (an admin knows it).
    await expect(
      api('/auth/login', { body: { userName: 'victor_v', password: 'victor-pass-123' } }),
    ).resolves.toMatchObject({ mustChangePassword: true });

    // Edit: the password field starts empty and empty keeps the password.
    await page.getByTestId('list-keyword').fill('victor');
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rows(page).first().textContent()).toContain('Administrator');
    await page.getByRole('button', { name: 'Edit victor_v' }).click();
    expect(await form.getByRole('textbox', { name: 'Password' }).inputValue()).toBe('');
    await form.getByText('Leave empty to keep the current password').waitFor();
    await form.getByText('A new one must be changed by the member at the next sign-in.').waitFor();
    await form.getByLabel('Name').fill('Victor V. Vance');
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).first().textContent()).toContain('Victor V. Vance');
    await expect(
      api('/auth/login', { body: { userName: 'victor_v', password: 'victor-pass-123' } }),
    ).resolves.toBeTruthy();
    await screenshot(page, 'administrators-list');

    // The signed-in admin cannot take the admin role from themselves: the server says why.
    await page.getByTestId('list-keyword').fill('');
    await page.getByTestId('list-keyword').fill(admin.userName);
    await expect.poll(() => urlSearch(page).keyword).toBe(admin.userName);
    await page.getByRole('button', { name: `Edit ${admin.userName}`, exact: true }).click();
    // One's own password is changed with the current one, on its own page, never here.
    await expect(form.getByRole('textbox', { name: 'Password' }).isDisabled()).resolves.toBe(true);
    await form.getByText('Your own password is changed on the Change password page.').waitFor();
    expect(await form.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/account/password');
    await form.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Disabled' }).click();
    await form.getByTestId('form-submit').click();
    await page.getByText('You cannot remove the admin role from your own account or disable it').first().waitFor();
    // Still the form (not a conflict view): nothing was overwritten.
    expect(await page.getByTestId('conflict-view').count()).toBe(0);
    // The form is idle again (it checked whether the record had moved on) before closing it.
    await expect.poll(() => form.getByTestId('form-submit').isEnabled()).toBe(true);
    await screenshot(page, 'administrators-self-demote');
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-discard').click();
    await form.waitFor({ state: 'detached' });

    // A staff account is deleted only after a confirmation; one's own is refused there and then,
    // never shown as "Deleted … Undo" and the row never leaves the list.
    await page.getByRole('button', { name: `Delete ${admin.userName}`, exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete staff account' }).getByText(admin.userName).waitFor();
    expect(await rows(page).count()).toBe(1);
    await page.getByTestId('confirm-delete').click();
    await page.getByText('You cannot delete your own account').first().waitFor({ timeout: 3_000 });
    expect(await page.getByTestId('undo-delete').count()).toBe(0);
    expect(await rows(page).count()).toBe(1);

    // The toasts of all this sit clear of the navbar and of the rows' actions, wherever the
    // pointer rests (hovering a toast pauses its closing), so the next delete needs no waiting.
    await page.getByTestId('list-keyword').fill('victor');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await toasts(page).count()).toBeGreaterThan(0);
    expect(await toastsCover(page, page.locator('header'))).toBe(false);
    expect(await toastsCover(page, rows(page).getByRole('button'))).toBe(false);
    await page.getByRole('button', { name: 'Delete victor_v' }).click();
    await page.getByTestId('confirm-delete').click();
    await expect.poll(() => rows(page).count()).toBe(0);
    await expect
      .poll(async () => (await page_<Row>('/user', { keyword: 'victor_v' })).total, { timeout: 15_000 })
      .toBe(0);
    await page.context().close();
  });

  it('keeps Staff and the Audit log from an operator: not in the menu, 401 by URL', async () => {
    const page = await signedIn('/index', { userName: operator.phone, password: operator.password }, 'staff');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByText('User management').click();
    await menu.getByRole('link', { name: 'Online messages' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    for (const path of ['/users/adminuser', '/users/audit']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/401');
    }
    await page.context().close();
  });
});

describe('messages', () => {
  it('opens a message (marking it read, and saying so), replies, filters by status and deletes', async () => {
    const page = await signedIn('/users/online');
    await rows(page).first().waitFor();
    const wanda = rows(page).filter({ hasText: 'Wanda Writer' });
    await expect.poll(() => wanda.textContent()).toContain('Unread');
    await screenshot(page, 'messages-list');

    // Reply opens it (an icon with its tooltip in the table; a worded button on a phone).
    await page.getByRole('button', { name: 'Reply to Wanda Writer' }).click();
    const drawer = page.getByTestId('message-drawer');
    await drawer.getByText('Do you have large-print editions?').waitFor();
    await expect.poll(() => wanda.textContent()).toContain('Read');
    const read = (await page_<Row>('/online', { keyword: 'Wanda' })).items[0];
    expect(read).toMatchObject({ status: 'read', version: 1 });
    // Marked read on opening, as an email client does: said on screen, with the way back.
    await drawer.getByText('Marked as read when you opened it.').waitFor();
    await drawer.getByRole('button', { name: 'Mark as unread' }).waitFor();
    // What the reader gets: nothing is sent; their contact is a link to write to them.
    await drawer.getByText('Lectern does not email or text the reader', { exact: false }).waitFor();
    expect(await drawer.getByRole('link', { name: 'wanda@example.com' }).getAttribute('href')).toBe(
      'mailto:wanda@example.com',
    );

    await drawer.getByLabel('Reply').fill('Yes: ask at the front desk.');
    await screenshot(page, 'messages-drawer');
    await drawer.getByTestId('message-send').click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => wanda.textContent()).toContain('Replied');
    const replied = (await page_<Row>('/online', { keyword: 'Wanda' })).items[0];
    expect(replied).toMatchObject({ status: 'replied', reply: 'Yes: ask at the front desk.' });

    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Unread' }).click();
    await expect.poll(() => urlSearch(page).status).toBe('unread');
    // The server is the whole run's: other files' messages may be unread too, whichever ran first.
    // The filter shows unread ones only: Otto's, not Wanda's (replied).
    await expect.poll(() => rows(page).filter({ hasText: 'Wanda Writer' }).count()).toBe(0);
    expect(await rows(page).filter({ hasText: 'Otto Other' }).count()).toBe(1);
    for (const text of await rows(page).allTextContents()) expect(text).toContain('Unread');

    await page.getByTestId('list-keyword').fill('Sunday');
    await expect.poll(() => urlSearch(page).keyword).toBe('Sunday');
    await deleteRow(page, {
      count: 1,
      deleted: 'Otto Other',
      total: async () => (await page_<Row>('/online', { keyword: 'Otto' })).total,
    });
    await page.context().close();
  });
});
