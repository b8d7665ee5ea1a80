import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './browser';

/** Locators and actions on the shared resource list and form screens (src/components/resource). */
export const rows = (page: Page) => page.getByTestId('resource-row');
export const form = (page: Page) => page.getByTestId('resource-form');
/** The list state held in the page's URL. */
export const urlSearch = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

export interface ListPage<T> {
  items: T[];
  total: number;
}

/** A page of a resource straight from the API (what the server holds, not what the screen shows). */
export const listPage = <T>(token: string, path: string, body: Record<string, unknown>) =>
  api<ListPage<T>>(`${path}/page`, { body: { pageNum: 1, pageSize: 100, ...body }, token });

/** Saves the open form and waits for it to close. */
export async function submit(page: Page): Promise<void> {
  await form(page).getByTestId('form-submit').click();
  await form(page).waitFor({ state: 'detached' });
}

/** Chooses an option of a select in the open form. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await form(page).getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The notifications (toasts) on screen. */
export const toasts = (page: Page) => page.locator('.mantine-Notifications-root').getByRole('alert');

/** Whether any toast on screen lies over any element `targets` matches (bounding boxes). */
export async function toastsCover(page: Page, targets: Locator): Promise<boolean> {
  const boxes = (l: Locator) =>
    l.evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect()).map(({ x, y, width, height }) => ({ x, y, width, height })),
    );
  const [over, under] = await Promise.all([boxes(toasts(page)), boxes(targets)]);
  return over.some((a) =>
    under.some((b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height),
  );
}

/**
 * A list's delete left to run its course: the row of `deleted` (one of `count` rows) leaves the list
 * at once and, once the Undo window has passed, `total` (the server's count of it) reaches 0.
 */
export async function deleteRow(
  page: Page,
  o: { count: number; deleted: string; total: () => Promise<number> },
): Promise<void> {
  await page.getByRole('button', { name: `Delete ${o.deleted}` }).click();
  await expect.poll(() => rows(page).count()).toBe(o.count - 1);
  await expect.poll(o.total, { timeout: 15_000 }).toBe(0);
}

/**
 * A list's delete with Undo, as the user meets it: deleting `undone` (one of `count` rows) takes
 * the row away at once and Undo brings it back; deleting `deleted` then runs its course (deleteRow).
 */
export async function deleteWithUndo(
  page: Page,
  o: { count: number; undone: string; deleted: string; total: () => Promise<number> },
): Promise<void> {
  await page.getByRole('button', { name: `Delete ${o.undone}` }).click();
  await expect.poll(() => rows(page).count()).toBe(o.count - 1);
  await page.getByTestId('undo-delete').click();
  await expect.poll(() => rows(page).count()).toBe(o.count);
  await deleteRow(page, o);
}
