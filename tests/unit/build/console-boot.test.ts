import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import {
  bootManifest,
  type ListFacts,
  listRequests,
  loadListFacts,
  routePath,
  SCREEN_GETS,
} from '../../../scripts/console-boot';
import { LIST_DEFAULTS, toPageBody } from '../../../src/components/resource/list/list-search';
import type { ResourceSpec } from '../../../src/contract/resource-spec';
import { listSpecs, SPECS } from '../../../src/resources/specs';

/** The facts the build imports, as the console's own modules give them. */
const FACTS: ListFacts = { specs: listSpecs(), firstPageBody: JSON.stringify(toPageBody(LIST_DEFAULTS, [])) };

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
    chunk('assets/lists.js', ['/app/src/components/resource/list/resource-page.tsx']),
    chunk('assets/api.js', ['/app/src/resources/book/api.ts']),
    chunk('assets/record.js', [`${R}/_console/web/book_.$id.tsx?tsr-split=component`]),
    chunk('assets/home.js', [`${R}/_console/[index].tsx?tsr-split=component`], ['assets/lists.js']),
    chunk('assets/messages-en.js', ['/app/src/locales/en/messages.po']),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

describe('the console boot manifest (what public/console-boot.js preloads)', () => {
  it("names each console screen by its URL path, a record's with its parameter", () => {
    expect(routePath('_console/web/book')).toBe('/web/book');
    expect(routePath('_console/[index]')).toBe('/index');
    expect(routePath('_console/web/index')).toBe('/web');
    expect(routePath('_console/web/book_.$id')).toBe('/web/book/$id');
    expect(routePath('_console/users/-shared')).toBeUndefined();
  });

  it("lists a screen's chunks and stylesheets, without what the document or the layout already loads", () => {
    const manifest = bootManifest(bundle, '/base/', FACTS);
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
    // A record's page, by its route's path: the boot script matches /web/book/12 against it.
    expect(manifest.routes['/web/book/$id']).toEqual(['/base/assets/record.js']);
    expect(Object.keys(manifest.routes).sort()).toEqual(['/index', '/web/book', '/web/book/$id']);
    expect(manifest.locales).toEqual({ en: ['/base/assets/messages-en.js'] });
  });
});

describe("a list's first page, asked by the boot script", () => {
  it('is asked for every list screen the build made, with the paging the list itself sends', () => {
    const lists = listRequests(
      [
        '/index',
        '/web/aboutus',
        '/web/book',
        '/web/categorysubclass',
        '/users/user',
        '/users/adminuser',
        '/users/online',
      ],
      FACTS,
    );
    const body = JSON.stringify({ pageNum: 1, pageSize: 10 });
    expect(FACTS.firstPageBody).toBe(body);
    expect(lists).toEqual({
      '/web/book': { url: '/prod-api/book/page', body, views: '/prod-api/views?list=book' },
      '/web/categorysubclass': {
        url: '/prod-api/category/subclass/page',
        body,
        views: '/prod-api/views?list=subclass',
      },
      '/users/user': { url: '/prod-api/users/page', body, views: '/prod-api/views?list=reader' },
      '/users/adminuser': { url: '/prod-api/user/page', body, views: '/prod-api/views?list=staff' },
      '/users/online': { url: '/prod-api/online/page', body, views: '/prod-api/views?list=message' },
    });
  });

  it("names each noun's screen where its route file is, and every list route is some noun's screen", () => {
    const screens = new Map<string, string>(Object.entries(SPECS).map(([noun, spec]) => [spec.menu.screen, noun]));
    for (const [noun, spec] of Object.entries(SPECS)) {
      const file = `src/routes/_console${spec.menu.screen}.tsx`;
      expect(existsSync(file), `${noun}: ${file}`).toBe(true);
      expect(readFileSync(file, 'utf8'), file).toContain(`${noun}Spec`);
    }
    // A route whose loader prefetches a page of records is a list: its spec must say so.
    const routes = readdirSync('src/routes/_console', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx') && !f.includes('$'))
      .map(
        (f) =>
          `/${f
            .replace(/\.tsx$/, '')
            .split(sep)
            .join('/')}`,
      );
    const lists = routes.filter((r) =>
      /prefetchQuery\(\w+Query\(deps\)\)/.test(readFileSync(`src/routes/_console${r}.tsx`, 'utf8')),
    );
    expect(lists.length).toBeGreaterThan(10);
    for (const path of lists) {
      expect(screens.has(path), path).toBe(true);
      expect((SPECS[screens.get(path) as keyof typeof SPECS] as ResourceSpec).single, path).toBeUndefined();
    }
    expect(Object.keys(listRequests(routes, FACTS)).sort()).toEqual(lists.sort());
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

describe('the facts the build imports', () => {
  it("are the console's own modules, loaded through Vite's module runner", async () => {
    const loaded = await loadListFacts(process.cwd());
    expect(loaded.firstPageBody).toBe(FACTS.firstPageBody);
    expect(loaded.specs.map(([noun, s]) => [noun, s.menu?.screen])).toEqual(
      FACTS.specs.map(([noun, s]) => [noun, s.menu?.screen]),
    );
  });
});
