import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { keepPreviousData, QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListContextProvider } from '../../../src/components/resource/list/list-context';
import { type ListSearch, listSearchSchema, toPageBody } from '../../../src/components/resource/list/list-search';
import { ResourceCards } from '../../../src/components/resource/list/resource-cards';
import { columnsThatFit, ResourceTable } from '../../../src/components/resource/list/resource-table';
import { type ListController, useListController } from '../../../src/components/resource/list/use-list-controller';
import type { ResourceApi } from '../../../src/components/resource/resource-api';
import type { ResourceScreen } from '../../../src/components/resource/types';
import { viewsKey } from '../../../src/components/resource/views/views-api';
import type { Page, RecordMeta } from '../../../src/contract/common';
import { activateLocale } from '../../../src/lib/i18n';

type Book = RecordMeta & { title: string; stock: number };

// 25 books, newest (highest id) first as the server lists them without a sort.
const BOOKS: Book[] = Array.from({ length: 25 }, (_, i) => ({
  id: 25 - i,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  title: `Book ${25 - i}`,
  stock: (25 - i) % 7,
}));

/**
 * The resource's calls over an array, answering as the server does (keyword on the title, `stock`
 * sort, paging), and remembering what was asked: the controller is what is tested here, so the
 * HTTP hop is left out, not its behaviour.
 */
function memoryApi(store: Book[]) {
  const asked: Record<string, unknown>[] = [];
  const removed: number[] = [];
  const api = {
    noun: 'book',
    path: 'book',
    key: ['book'] as const,
    filterNames: ['stockMin'],
    pageQuery: (search: Partial<ListSearch>) => {
      const body = toPageBody(search, ['stockMin']);
      return queryOptions({
        queryKey: ['book', 'page', body] as const,
        queryFn: async (): Promise<Page<Book> & { cachedAt?: number }> => {
          asked.push(body);
          let items = store.filter((b) => !removed.includes(b.id));
          if (typeof body.keyword === 'string') items = items.filter((b) => b.title.includes(body.keyword as string));
          if (typeof body.stockMin === 'number') items = items.filter((b) => b.stock >= (body.stockMin as number));
          if (body.sort === 'stock') {
            const dir = body.order === 'desc' ? -1 : 1;
            items = [...items].sort((a, b) => dir * (a.stock - b.stock) || dir * (a.id - b.id));
          }
          const size = body.pageSize as number;
          const from = ((body.pageNum as number) - 1) * size;
          return {
            items: items.slice(from, from + size),
            total: items.length,
            pageNum: body.pageNum as number,
            pageSize: size,
          };
        },
        placeholderData: keepPreviousData,
      });
    },
    checkDelete: async () => null,
    remove: async (id: number) => {
      removed.push(id);
      return null;
    },
  };
  return { api: api as unknown as ResourceApi<Book>, asked, removed };
}

function bookScreen(api: ResourceApi<Book>, extra: Partial<ResourceScreen<Book>> = {}): ResourceScreen<Book> {
  return {
    api,
    labels: { create: msg`New book`, edit: msg`Edit book`, delete: msg`Delete book` },
    recordTitle: (b) => b.title,
    columns: [
      { key: 'title', label: msg`Title`, priority: 1, render: (b) => b.title },
      { key: 'stock', label: msg`Stock`, sortField: 'stock', width: 90, render: (b) => b.stock },
    ],
    filters: [{ name: 'stockMin', label: msg`Stock` }],
    ...extra,
  };
}

const validateSearch = listSearchSchema(['stock'], {
  stockMin: (v: unknown) => (v === undefined ? undefined : Number(v)),
});

// React's act() warns unless told this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

beforeAll(async () => {
  await activateLocale('en');
});

/** What the mounted screen draws: set by `mount`, read by the route's component. */
let mounted:
  | {
      resource: ResourceScreen<Book>;
      view: (c: ListController<Book>) => ReactNode;
      latest: { current?: ListController<Book> };
    }
  | undefined;

function Screen() {
  if (!mounted) throw new Error('mount() first');
  const c = useListController(mounted.resource);
  mounted.latest.current = c;
  return <ListContextProvider value={c}>{mounted.view(c)}</ListContextProvider>;
}

/**
 * A real router (memory history) with the list at /web/book and a record page route, a real query
 * client; `view` draws the controller (nothing, or one of the views). Returns the controller as
 * of the latest render.
 */
async function mount(resource: ResourceScreen<Book>, view: (c: ListController<Book>) => ReactNode = () => null) {
  const latest: { current?: ListController<Book> } = {};
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  // No saved views (GET /views answered empty).
  queryClient.setQueryData(viewsKey('book'), []);
  mounted = { resource, view, latest };
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const list = createRoute({ getParentRoute: () => rootRoute, path: '/web/book', validateSearch, component: Screen });
  const record = createRoute({
    getParentRoute: () => rootRoute,
    path: '/web/book/$id',
    component: () => <p>record</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([list, record]),
    history: createMemoryHistory({ initialEntries: ['/web/book'] }),
  });
  await router.load();
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <I18nProvider i18n={i18n}>
        <MantineProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </I18nProvider>,
    );
  });
  const controller = () => {
    if (!latest.current) throw new Error('not rendered');
    return latest.current;
  };
  /** Waits until the controller's state passes `check` (queries and navigations settle). */
  const until = async (check: (c: ListController<Book>) => boolean) => {
    await vi.waitFor(() => expect(check(controller())).toBe(true), { timeout: 3000, interval: 10 });
  };
  return { controller, until, router, container };
}

describe('the list controller', () => {
  it('loads the page the URL names, and a filter or a sort starts again at page 1 in the URL', async () => {
    const { api, asked } = memoryApi(BOOKS);
    const { controller, until, router } = await mount(bookScreen(api));
    await until((c) => c.rows !== undefined);
    expect(controller().rows?.map((b) => b.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(controller().total).toBe(25);

    await act(async () => controller().setPage(3));
    await until((c) => c.search.pageNum === 3 && c.rows?.[0]?.id === 5);
    expect(router.state.location.search).toMatchObject({ pageNum: 3 });

    await act(async () => controller().setFilters({ stockMin: 5 }));
    await until((c) => c.search.pageNum === 1 && c.search.stockMin === 5 && !c.stale);
    expect(controller().filtered).toBe(true);
    expect(controller().rows?.every((b) => b.stock >= 5)).toBe(true);
    expect(asked.at(-1)).toMatchObject({ pageNum: 1, stockMin: 5 });

    // A header cycles asc → desc → none, each time from page 1.
    await act(async () => controller().sort('stock'));
    await until((c) => c.search.sort === 'stock' && c.search.order === 'asc');
    await act(async () => controller().sort('stock'));
    await until((c) => c.search.order === 'desc');
    await act(async () => controller().sort('stock'));
    await until((c) => c.search.sort === undefined);
  });

  it('keeps a selection to the page it was made on', async () => {
    const { api } = memoryApi(BOOKS);
    const { controller, until } = await mount(bookScreen(api));
    await until((c) => c.rows !== undefined);
    await act(async () => controller().select([25, 24], true));
    expect([...controller().selected]).toEqual([25, 24]);
    await act(async () => controller().setPage(2));
    await until((c) => c.search.pageNum === 2);
    expect(controller().selected.size).toBe(0);
  });

  it('hides a row deleted with Undo at once and sends nothing until its window has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api, removed } = memoryApi(BOOKS);
      const { controller, until } = await mount(bookScreen(api));
      await until((c) => c.rows !== undefined);
      const row = controller().rows?.[0] as Book;
      await act(async () => controller().remove?.(row));
      await until((c) => !c.rows?.some((b) => b.id === row.id));
      expect(controller().total).toBe(24);
      expect(removed).toEqual([]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(6000);
      });
      expect(removed).toEqual([row.id]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('steps back to the last page when deletes elsewhere left the page past the end', async () => {
    const { api } = memoryApi(BOOKS.slice(0, 12));
    const { controller, until } = await mount(bookScreen(api));
    await until((c) => c.rows !== undefined);
    await act(async () => controller().setPage(4));
    await until((c) => c.search.pageNum === 2 && c.rows?.length === 2);
  });

  it('opens a record on its own page where it has one, else in its form', async () => {
    const { api } = memoryApi(BOOKS);
    const withPage = await mount(bookScreen(api, { recordPath: (b) => `/web/book/${b.id}` }));
    await withPage.until((c) => c.rows !== undefined);
    await act(async () => withPage.controller().openRecord?.(BOOKS[0] as Book));
    await vi.waitFor(() => expect(withPage.router.state.location.pathname).toBe('/web/book/25'));
    act(() => root?.unmount());

    const form = {
      fields: [],
      schemas: () => new Promise<never>(() => undefined),
      toValues: () => ({}),
    };
    const withForm = await mount(bookScreen(api, { form }));
    await withForm.until((c) => c.rows !== undefined);
    expect(withForm.controller().editing).toBeUndefined();
    await act(async () => withForm.controller().openRecord?.(BOOKS[1] as Book));
    expect(withForm.controller().editing?.row?.id).toBe(24);

    // Neither a page nor a form (a read-only list): nothing to open.
    act(() => root?.unmount());
    const readOnly = await mount(bookScreen(api));
    expect(readOnly.controller().openRecord).toBeUndefined();
  });

  it('serves the table and the cards alike: both draw the rows it holds, and a tap on a card opens the record', async () => {
    const { api } = memoryApi(BOOKS);
    const resource = bookScreen(api, { recordPath: (b) => `/web/book/${b.id}`, card: { fields: ['stock'] } });
    const drawn = (c: ListController<Book>, cards: boolean) => {
      const props = {
        columns: c.columns,
        rows: c.rows,
        stale: c.stale,
        filtered: c.filtered,
        search: c.search,
        onSort: c.sort,
        selected: c.selected,
        onSelect: c.select,
        recordTitle: c.resource.recordTitle,
      };
      return cards ? <ResourceCards {...props} /> : <ResourceTable {...props} />;
    };
    const ids = (el: HTMLElement) =>
      [...el.querySelectorAll('[data-testid="resource-row"]')].map((r) => Number(r.getAttribute('data-id')));

    const table = await mount(resource, (c) => drawn(c, false));
    await vi.waitFor(() => expect(ids(table.container)).toHaveLength(10));
    const tableIds = ids(table.container);
    act(() => root?.unmount());

    const cards = await mount(resource, (c) => drawn(c, true));
    await vi.waitFor(() => expect(ids(cards.container)).toEqual(tableIds));
    // The card shows its field with the column's label, and a tap opens the record's page.
    const first = cards.container.querySelector<HTMLElement>('[data-testid="resource-row"]');
    expect(first?.querySelector('dt')?.textContent).toBe('Stock');
    await act(async () => first?.querySelector('dd')?.click());
    await vi.waitFor(() => expect(cards.router.state.location.pathname).toBe('/web/book/25'));
  });
});

describe('columns that fit', () => {
  const col = (key: string, priority?: 1 | 2 | 3) => ({ key, priority });
  const need = (cs: { key: string }[]) => cs.length * 100;

  it('drops priority 3 before 2, the rightmost first, and never priority 1', () => {
    const all = [col('title', 1), col('isbn', 3), col('author'), col('cover', 3), col('status')];
    expect(columnsThatFit(all, 500, need).map((c) => c.key)).toEqual(all.map((c) => c.key));
    expect(columnsThatFit(all, 400, need).map((c) => c.key)).toEqual(['title', 'isbn', 'author', 'status']);
    expect(columnsThatFit(all, 300, need).map((c) => c.key)).toEqual(['title', 'author', 'status']);
    expect(columnsThatFit(all, 200, need).map((c) => c.key)).toEqual(['title', 'author']);
    expect(columnsThatFit(all, 50, need).map((c) => c.key)).toEqual(['title']);
  });

  it('keeps every column before the room is known', () => {
    const all = [col('title', 1), col('isbn', 3)];
    expect(columnsThatFit(all, 0, need)).toBe(all);
  });
});
