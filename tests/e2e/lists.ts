import type { Locator, Page } from 'playwright-core';
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
