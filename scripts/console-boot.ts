import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { API_BASE } from '../src/contract/envelope';
import { DATA_DAYS_DEFAULT } from '../src/contract/system';
import { PAGE_SIZES } from '../src/contract/values';

/**
 * What `public/console-boot.js` needs to start the console's first requests before the entry has
 * even arrived (only the build knows the hashed names), written into index.html as a JSON data
 * block (the CSP allows no inline script; a data block is not run):
 *
 * - `routes`: for each console screen's path, the chunks of its route file (component and loader
 *   splits, with what they import that the entry does not) and their stylesheets: the boot script
 *   modulepreloads the one the URL names, so the screen's code arrives with the entry instead of a
 *   round trip after it;
 * - `layout`: the same for the console layout route (every console screen needs it);
 * - `locales`: each language's catalogue chunk (the entry awaits it before its first render).
 */
export interface BootManifest {
  base: string;
  /** Where the API is (not under the base path: the http client's API_BASE). */
  api: string;
  layout: string[];
  routes: Record<string, string[]>;
  locales: Record<string, string[]>;
  /** For a list screen: its first page's request (`POST /{r}/page` with the default paging). */
  lists: Record<string, { url: string; body: string }>;
  /** GETs a screen makes as it opens, whatever its URL (Home's cards and charts). */
  gets: Record<string, string[]>;
}

/**
 * Home's requests (src/features/home/api.ts: the system info, the video library, the activity over
 * the default days); tests/unit/build/console-boot.test.ts checks they are the ones Home's queries make.
 */
export const SCREEN_GETS: Record<string, string[]> = {
  '/index': [
    `${API_BASE}/system/info`,
    `${API_BASE}/system/vod-resource`,
    `${API_BASE}/system/data/list?days=${DATA_DAYS_DEFAULT}`,
  ],
};

export function consoleBoot(): Plugin {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'lectern-console-boot',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !/(^|[\\/])index\.html$/.test(ctx.filename)) return html;
        const json = JSON.stringify(bootManifest(ctx.bundle, base, root)).replace(/</g, '\\u003c');
        // Before Vite's own tags (the entry's script and stylesheet) but after the charset: the boot
        // script is async, so its data must already be parsed when it runs, whichever arrives first.
        return html.replace(
          '</title>',
          `</title>\n    <script type="application/json" id="lectern-boot">${json}</script>\n    <script async src="${base}console-boot.js"></script>`,
        );
      },
    },
  };
}

const ROUTE_FILE = /[\\/]src[\\/]routes[\\/](_console(?:[\\/].+)?)\.tsx\?tsr-split=/;
const LOCALE_FILE = /[\\/]src[\\/]locales[\\/](\w+)[\\/]messages\.po$/;

/** `_console/web/book` → `/web/book`, `_console/[index]` → `/index`; dynamic segments are left out. */
export function routePath(file: string): string | undefined {
  const parts = file.split(/[\\/]/).slice(1);
  if (parts.some((p) => p.includes('$') || p.startsWith('-'))) return undefined;
  if (parts.length === 0) return '';
  const last = parts[parts.length - 1];
  if (last === 'index') parts.pop();
  return `/${parts.map((p) => p.replace(/^\[(.*)\]$/, '$1').replace(/_$/, '')).join('/')}`;
}

export function bootManifest(bundle: OutputBundle, base: string, root = process.cwd()): BootManifest {
  const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk' && f.code.trim() !== '');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry && /[\\/](index\.html|src[\\/]main\.tsx)$/.test(c.facadeModuleId ?? ''));
  // What the entry's own tags already load (it and its static imports): never listed again.
  const loaded = closure(entry ? [entry] : [], byName, new Set());
  const layout = new Set<OutputChunk>();
  const routes = new Map<string, Set<OutputChunk>>();
  const locales: Record<string, string[]> = {};
  for (const chunk of chunks) {
    // A split whose code the entry already holds is a facade chunk (a re-export) with no modules.
    for (const id of [...chunk.moduleIds, ...(chunk.facadeModuleId ? [chunk.facadeModuleId] : [])]) {
      const route = ROUTE_FILE.exec(id)?.[1];
      if (route === '_console') layout.add(chunk);
      else if (route) {
        const path = routePath(route);
        if (path === undefined || path === '') continue;
        routes.set(path, (routes.get(path) ?? new Set()).add(chunk));
      }
      const locale = LOCALE_FILE.exec(id)?.[1];
      if (locale) locales[locale] = files(closure([chunk], byName, new Set(loaded)), loaded, base);
    }
  }
  const layoutFiles = closure([...layout], byName, new Set(loaded));
  return {
    base,
    api: API_BASE,
    layout: files(layoutFiles, loaded, base),
    routes: Object.fromEntries(
      [...routes]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([path, set]) => [path, files(closure([...set], byName, new Set(layoutFiles)), layoutFiles, base)]),
    ),
    locales,
    lists: listRequests([...routes.keys()], root),
    gets: SCREEN_GETS,
  };
}

/**
 * A screen's URL without a query is the list's defaults, and this the body the console sends for it
 * (list-search.ts `toPageBody(LIST_DEFAULTS)`, which the unit test compares with).
 */
export const FIRST_PAGE_BODY = JSON.stringify({ pageNum: 1, pageSize: PAGE_SIZES[0] });

/**
 * The first page's request of each list screen, read from its route file and its resource's api
 * module: a loader that prefetches `xQuery(deps)`, `xQuery` being `api.pageQuery(search)` of a
 * `createResourceApi('path', …)`, or `resourceApiOf(xSpec)` with the spec's `api: 'path'` in the
 * resource's spec.ts. Anything shaped otherwise is left out (the screen then asks for its
 * data itself, as before); tests/unit/build/console-boot.test.ts checks every list is found.
 */
export function listRequests(paths: string[], root = process.cwd()): Record<string, { url: string; body: string }> {
  const out: Record<string, { url: string; body: string }> = {};
  for (const path of paths) {
    const read = (file: string) => {
      try {
        return readFileSync(resolve(root, file), 'utf8');
      } catch {
        return '';
      }
    };
    const route = read(`src/routes/_console${path}.tsx`);
    const query = /prefetchQuery\((\w+)\(deps\)\)/.exec(route)?.[1];
    const dir = query && new RegExp(`\\b${query}\\b[^;]*from '(?:\\.\\./)+resources/([\\w-]+)/api'`).exec(route)?.[1];
    if (!dir) continue;
    const api = read(`src/resources/${dir}/api.ts`);
    const uses = new RegExp(`export const ${query} = \\(search[^)]*\\) => (\\w+)\\.pageQuery\\(search\\)`).exec(
      api,
    )?.[1];
    const resource = uses && (apiPathOf(api, uses) ?? specApiPathOf(api, uses, read(`src/resources/${dir}/spec.ts`)));
    if (!resource) continue;
    out[path] = { url: `${API_BASE}/${resource}/page`, body: FIRST_PAGE_BODY };
  }
  return out;
}

/** `export const api = createResourceApi<T>('path', …)`: the path. */
function apiPathOf(api: string, name: string): string | undefined {
  return new RegExp(`export const ${name} = createResourceApi<[^>]*>\\('([^']+)'`).exec(api)?.[1];
}

/** `export const api = resourceApiOf<T>(xSpec)`, xSpec from './spec' declaring `api: 'path'`. */
function specApiPathOf(api: string, name: string, spec: string): string | undefined {
  const specName = new RegExp(`export const ${name} = resourceApiOf(?:<[^>]*>)?\\((\\w+)\\)`).exec(api)?.[1];
  if (!specName || !new RegExp(`import \\{[^}]*\\b${specName}\\b[^}]*\\} from '\\./spec'`).test(api)) return undefined;
  const at = spec.search(new RegExp(`export const ${specName}\\b`));
  if (at < 0) return undefined;
  return /\bapi: '([^']+)'/.exec(spec.slice(at))?.[1];
}

/** The chunks reached from `starts` by static imports, minus those in `skip` (which it extends). */
function closure(starts: OutputChunk[], byName: Map<string, OutputChunk>, skip: Set<string>): Set<string> {
  const out = new Set<string>(skip);
  const stack = [...starts];
  while (stack.length) {
    const chunk = stack.pop() as OutputChunk;
    if (out.has(chunk.fileName)) continue;
    out.add(chunk.fileName);
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
    for (const file of css ?? []) out.add(file);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) stack.push(next);
    }
  }
  return out;
}

function files(set: Set<string>, minus: Set<string>, base: string): string[] {
  return [...set]
    .filter((f) => !minus.has(f))
    .sort()
    .map((f) => base + f);
}
