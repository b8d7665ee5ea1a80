import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { bootManifest, FIRST_PAGE_BODY, listRequests, routePath, SCREEN_GETS } from '../../../scripts/console-boot';
import { LIST_DEFAULTS, toPageBody } from '../../../src/components/resource/list-search';

/** A bundle as the bundler reports it: only the fields the manifest reads. */
function chunk(fileName: string, moduleIds: string[], imports: string[] = [], extra: Partial<OutputChunk> = {}) {
  return {
    type: 'chunk',
    fileName,
    code: 'x',
    moduleIds,
    imports,
    isEntry: false,
    facadeModuleId: null,
    viteMetadata: { importedCss: new Set(fileName.startsWith('assets/book') ? ['assets/book.css'] : []) },
    ...extra,
  } as unknown as OutputChunk;
}

const R = '/app/src/routes';
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['/app/src/main.tsx', `${R}/_console.tsx?tsr-split=component`], ['assets/shared.js'], {
      isEntry: true,
      facadeModuleId: '/app/src/main.tsx',
    }),
    chunk('assets/shared.js', ['/app/src/lib/http.ts']),
    // The layout's split lives in the entry: what is left is a facade re-exporting it.
    chunk('assets/_console.js', [], ['assets/index.js'], {
      facadeModuleId: `${R}/_console.tsx?tsr-split=component`,
    }),
    // The route tree: imported dynamically as the console starts, preloaded by the document.
    chunk('assets/routes.js', ['/app/src/routeTree.gen.ts', `${R}/__root.tsx`], ['assets/index.js']),
    chunk(
      'assets/book.js',
      [`${R}/_console/web/book.tsx?tsr-split=component`],
      ['assets/lists.js', 'assets/shared.js', 'assets/routes.js'],
    ),
    chunk('assets/book-loader.js', [`${R}/_console/web/book.tsx?tsr-split=loader`], ['assets/api.js']),
    chunk('assets/lists.js', ['/app/src/components/resource/resource-page.tsx']),
    chunk('assets/api.js', ['/app/src/resources/book/api.ts']),
    chunk('assets/record.js', [`${R}/_console/web/book_.$id.tsx?tsr-split=component`]),
    chunk('assets/home.js', [`${R}/_console/[index].tsx?tsr-split=component`], ['assets/lists.js']),
    chunk('assets/messages-en.js', ['/app/src/locales/en/messages.po']),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

describe('the console boot manifest (what public/console-boot.js preloads)', () => {
  it("names each console screen by its URL path; a record's page (a parameter) is left out", () => {
    expect(routePath('_console/web/book')).toBe('/web/book');
    expect(routePath('_console/[index]')).toBe('/index');
    expect(routePath('_console/web/index')).toBe('/web');
    expect(routePath('_console/web/book_.$id')).toBeUndefined();
    expect(routePath('_console/users/-shared')).toBeUndefined();
  });

  it("lists a screen's chunks and stylesheets, without what the document or the layout already loads", () => {
    const manifest = bootManifest(bundle, '/base/');
    expect(manifest.base).toBe('/base/');
    expect(manifest.api).toBe('/prod-api');
    expect(manifest.layout).toEqual(['/base/assets/_console.js']);
    expect(manifest.routes['/web/book']).toEqual([
      '/base/assets/api.js',
      '/base/assets/book-loader.js',
      '/base/assets/book.css',
      '/base/assets/book.js',
      '/base/assets/lists.js',
    ]);
    expect(manifest.routes['/index']).toEqual(['/base/assets/home.js', '/base/assets/lists.js']);
    expect(Object.keys(manifest.routes).sort()).toEqual(['/index', '/web/book']);
    expect(manifest.locales).toEqual({ en: ['/base/assets/messages-en.js'] });
  });
});

describe("a list's first page, asked by the boot script", () => {
  it('is found for every list screen, with the default paging the list itself sends', () => {
    const lists = listRequests([
      '/index',
      '/web/aboutus',
      '/web/book',
      '/web/categorysubclass',
      '/users/user',
      '/users/adminuser',
      '/users/online',
    ]);
    const body = JSON.stringify({ pageNum: 1, pageSize: 10 });
    expect(FIRST_PAGE_BODY).toBe(JSON.stringify(toPageBody(LIST_DEFAULTS, [])));
    expect(lists).toEqual({
      '/web/book': { url: '/prod-api/book/page', body, views: '/prod-api/views?list=book' },
      '/web/categorysubclass': {
        url: '/prod-api/category/subclass/page',
        body,
        views: '/prod-api/views?list=category-subclass',
      },
      '/users/user': { url: '/prod-api/users/page', body, views: '/prod-api/views?list=users' },
      '/users/adminuser': { url: '/prod-api/user/page', body, views: '/prod-api/views?list=user' },
      '/users/online': { url: '/prod-api/online/page', body, views: '/prod-api/views?list=online' },
    });
  });
});

describe("Home's requests, asked by the boot script", () => {
  it("are the ones Home's queries make", async () => {
    const { http } = await import('../../../src/lib/api');
    const { activityQuery, systemInfoQuery, vodResourceQuery } = await import('../../../src/features/home/api');
    // The http client's own URLs, as its fetch receives them.
    const asked: string[] = [];
    const original = http.get;
    http.get = (async (path: string, opts?: { query?: Record<string, unknown> }) => {
      const query = new URLSearchParams(Object.entries(opts?.query ?? {}).map(([k, v]) => [k, String(v)]));
      asked.push(`/prod-api${path}${query.size ? `?${query}` : ''}`);
    }) as typeof http.get;
    try {
      for (const q of [systemInfoQuery(), vodResourceQuery(), activityQuery()]) {
        await (q.queryFn as () => Promise<unknown>)();
      }
    } finally {
      http.get = original;
    }
    expect(SCREEN_GETS['/index']).toEqual(asked);
  });
});
