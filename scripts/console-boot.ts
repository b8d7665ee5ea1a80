import type { OutputBundle, OutputChunk } from 'rolldown';
import { type Plugin, runnerImport } from 'vite';
import { API_BASE } from '../src/contract/envelope.ts';
import type { ResourceSpec } from '../src/contract/resource-spec.ts';
import { DATA_DAYS_DEFAULT } from '../src/contract/system.ts';
import { compiledCatalogues, literals, part, partModule } from './catalogue-parts.ts';
import { START_MODULES } from './chunks.ts';

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
 * - `locales`: each language's catalogue chunk (the entry awaits it before its first render);
 * - `catalogues`: for each language and screen, the part of that catalogue the screen's first render
 *   can show (scripts/catalogue-parts.ts), loaded instead of the whole on a cold start.
 */
export interface BootManifest {
  base: string;
  /** Where the API is (not under the base path: the http client's API_BASE). */
  api: string;
  layout: string[];
  routes: Record<string, string[]>;
  locales: Record<string, string[]>;
  catalogues: Record<string, Record<string, string>>;
  /**
   * For a list screen: its first page's request (`POST /{r}/page` with the default paging) and its
   * saved views' (`GET /views?list=`).
   */
  lists: Record<string, { url: string; body: string; views: string }>;
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
  let facts: ListFacts = { specs: [], firstPageBody: '' };
  let catalogues: BootManifest['catalogues'] = {};
  return {
    name: 'lectern-console-boot',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    async buildStart() {
      facts = await loadListFacts(root);
    },
    // Before the HTML plugin's (which writes index.html, with the manifest naming these files).
    generateBundle: {
      order: 'pre',
      async handler(_, bundle) {
        const screens = screenChunks(bundle);
        if (screens.routes.size === 0) return;
        const whole = await compiledCatalogues();
        catalogues = {};
        const named = new Map<string, Set<string>>();
        const literalsOf = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') return new Set<string>();
          if (!named.has(file)) named.set(file, literals(chunk.code));
          return named.get(file) as Set<string>;
        };
        const wholeAtOnce = (file: string) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' && chunk.moduleIds.some((id) => WHOLE_CATALOGUE_AT_ONCE.test(id));
        };
        // The sign-in page (a document of its own) gets its part too: the messages of its own code,
        // its steps loaded on demand included (a code, an enrolment, a passkey), never the console's.
        const signIn = signInChunks(bundle);
        if (signIn.size > 0) {
          const ids = new Set<string>();
          for (const file of signIn) for (const id of literalsOf(file)) ids.add(id);
          for (const [locale, messages] of Object.entries(whole)) {
            const { fileName, source } = partModule(locale, '/login', part(messages, ids));
            this.emitFile({ type: 'asset', fileName, source });
            for (const path of SIGN_IN_PATHS) catalogues[locale] = { ...catalogues[locale], [path]: base + fileName };
          }
        }
        for (const [path, files] of screens.routes) {
          if ([...files].some(wholeAtOnce)) continue;
          const ids = new Set<string>();
          for (const file of [...screens.entry, ...screens.layout, ...files])
            for (const id of literalsOf(file)) ids.add(id);
          for (const [locale, messages] of Object.entries(whole)) {
            const { fileName, source } = partModule(locale, path, part(messages, ids));
            this.emitFile({ type: 'asset', fileName, source });
            catalogues[locale] = { ...catalogues[locale], [path]: base + fileName };
          }
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.bundle && /(^|[\\/])login\.html$/.test(ctx.filename)) return signInBoot(html, catalogues);
        if (!ctx.bundle || !/(^|[\\/])index\.html$/.test(ctx.filename)) return html;
        const json = JSON.stringify(bootManifest(ctx.bundle, base, facts, catalogues)).replace(/</g, '\\u003c');
        // The console's code is not what the first paint shows (the frame is HTML and the stylesheet):
        // at low priority it leaves the bandwidth to the stylesheet and the boot script first, and the
        // frame paints without waiting for it.
        html = html.replace(
          /<script type="module"(?![^>]*fetchpriority)/g,
          '<script type="module" fetchpriority="low"',
        );
        // What the entry imports dynamically as it starts (src/main.tsx): asked for with the
        // entry's, not after the entry has run.
        const preloads = startChunks(ctx.bundle).map(
          (file) => `  <link rel="modulepreload" fetchpriority="low" crossorigin href="${base}${file}">\n`,
        );
        html = html.replace('</head>', `${preloads.join('')}  </head>`);
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

/** The paths the sign-in page is opened at (screenPath of each, src/lib/i18n.ts). */
const SIGN_IN_PATHS = ['/login', '/login.html'];
const SIGN_IN_MODULE = /[\\/]src[\\/]sign-in[\\/]/;

/**
 * The sign-in page's chunks: its entry with what it imports, and the chunks of its own steps it
 * imports on demand (src/sign-in/), with theirs; not the console it prefetches.
 */
export function signInChunks(bundle: OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find(
    (c) => c.isEntry && /[\\/](login\.html|src[\\/]sign-in[\\/]main\.ts)$/.test(c.facadeModuleId ?? ''),
  );
  if (!entry) return new Set();
  const steps = entry.dynamicImports
    .map((name) => byName.get(name))
    .filter((c): c is OutputChunk => c !== undefined && SIGN_IN_MODULE.test(c.facadeModuleId ?? ''));
  const more = steps.flatMap((c) => c.dynamicImports.map((name) => byName.get(name)));
  const own = more.filter((c): c is OutputChunk => c !== undefined && SIGN_IN_MODULE.test(c.facadeModuleId ?? ''));
  return new Set([...closure([entry, ...steps, ...own], byName, new Set())].filter((f) => f.endsWith('.js')));
}

/** login.html gets the boot data block naming its catalogue parts (read by src/lib/i18n.ts). */
function signInBoot(html: string, catalogues: BootManifest['catalogues']): string {
  const own = Object.fromEntries(
    Object.entries(catalogues).map(([locale, parts]) => [
      locale,
      Object.fromEntries(SIGN_IN_PATHS.map((p) => [p, parts[p]]).filter(([, url]) => url)),
    ]),
  );
  const json = JSON.stringify({ catalogues: own }).replace(/</g, '\\u003c');
  return html.replace('</title>', `</title>\n    <script type="application/json" id="lectern-boot">${json}</script>`);
}

/**
 * What the entry imports dynamically as it starts (src/main.tsx): the app's root module and React
 * DOM's renderer. The chunks holding their code and, where the bundler made one, the re-exporting
 * facade the import asks for.
 */
export function startChunks(bundle: OutputBundle): string[] {
  const starts = Object.values(START_MODULES);
  const isStart = (id: string) => starts.some((re) => re.test(id));
  return Object.values(bundle)
    .filter(
      (f): f is OutputChunk => f.type === 'chunk' && (isStart(f.facadeModuleId ?? '') || f.moduleIds.some(isStart)),
    )
    .map((c) => c.fileName)
    .sort();
}

/**
 * A screen whose code starts the upload worker shows the navbar's upload indicator (loaded on
 * demand, with messages of its own) at once: it starts with the whole catalogue, not a part.
 */
const WHOLE_CATALOGUE_AT_ONCE = /[\\/]src[\\/]features[\\/]video-upload[\\/]uploads\.ts$/;

const ROUTE_FILE = /[\\/]src[\\/]routes[\\/](_console(?:[\\/].+)?)\.tsx\?tsr-split=/;
const LOCALE_FILE = /[\\/]src[\\/]locales[\\/](\w+)[\\/]messages\.po$/;

/**
 * `_console/web/book` → `/web/book`, `_console/[index]` → `/index`, a record's
 * `_console/web/book_.$id` → `/web/book/$id` (a `$` segment stands for any one segment: public/
 * console-boot.js and src/lib/i18n.ts match an address against it); private files (`-x`) have none.
 */
export function routePath(file: string): string | undefined {
  const parts = file
    .split(/[\\/]/)
    .slice(1)
    .flatMap((p) => p.split('.'));
  if (parts.some((p) => p.startsWith('-') || p === '$')) return undefined;
  if (parts.length === 0) return '';
  const last = parts[parts.length - 1];
  if (last === 'index') parts.pop();
  return `/${parts.map((p) => p.replace(/^\[(.*)\]$/, '$1').replace(/_$/, '')).join('/')}`;
}

/** The chunks a screen's first render runs: the entry's (with its static imports), the layout's, each screen's. */
export function screenChunks(bundle: OutputBundle): {
  entry: Set<string>;
  layout: Set<string>;
  routes: Map<string, Set<string>>;
  locales: Record<string, Set<string>>;
} {
  const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk' && f.code.trim() !== '');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entryChunk = chunks.find(
    (c) => c.isEntry && /[\\/](index\.html|src[\\/]main\.tsx)$/.test(c.facadeModuleId ?? ''),
  );
  // What the document already loads (the entry with its static imports, and the chunks it preloads
  // for what the entry imports as it starts): never listed again.
  const starts = new Set(startChunks(bundle));
  const entry = closure(
    chunks.filter((c) => c === entryChunk || starts.has(c.fileName)),
    byName,
    new Set(),
  );
  const layoutChunks = new Set<OutputChunk>();
  const routeChunks = new Map<string, Set<OutputChunk>>();
  const locales: Record<string, Set<string>> = {};
  for (const chunk of chunks) {
    // A split whose code the entry already holds is a facade chunk (a re-export) with no modules.
    for (const id of [...chunk.moduleIds, ...(chunk.facadeModuleId ? [chunk.facadeModuleId] : [])]) {
      const route = ROUTE_FILE.exec(id)?.[1];
      if (route === '_console') layoutChunks.add(chunk);
      else if (route) {
        const path = routePath(route);
        if (path === undefined || path === '') continue;
        routeChunks.set(path, (routeChunks.get(path) ?? new Set()).add(chunk));
      }
      const locale = LOCALE_FILE.exec(id)?.[1];
      if (locale) locales[locale] = minus(closure([chunk], byName, new Set(entry)), entry);
    }
  }
  const layoutAndEntry = closure([...layoutChunks], byName, new Set(entry));
  const routes = new Map(
    [...routeChunks]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, set]) => [path, minus(closure([...set], byName, new Set(layoutAndEntry)), layoutAndEntry)]),
  );
  return { entry, layout: minus(layoutAndEntry, entry), routes, locales };
}

export function bootManifest(
  bundle: OutputBundle,
  base: string,
  facts: ListFacts,
  catalogues: BootManifest['catalogues'] = {},
): BootManifest {
  const { layout, routes, locales } = screenChunks(bundle);
  return {
    base,
    api: API_BASE,
    layout: files(layout, base),
    routes: Object.fromEntries([...routes].map(([path, set]) => [path, files(set, base)])),
    locales: Object.fromEntries(Object.entries(locales).map(([locale, set]) => [locale, files(set, base)])),
    catalogues,
    lists: listRequests([...routes.keys()], facts),
    gets: SCREEN_GETS,
  };
}

/** What the boot manifest's lists are made of: the nouns' specs and the body a list's first page sends. */
export interface ListFacts {
  /** Each list's noun (what its saved views are keyed by) and spec. */
  specs: readonly (readonly [noun: string, spec: ResourceSpec])[];
  firstPageBody: string;
}

/**
 * Imported, as the console imports them, through Vite's module runner (the config's own loader
 * takes only self-contained files): the nouns' specs and the list's `toPageBody`, not a copy.
 */
export async function loadListFacts(root: string): Promise<ListFacts> {
  const load = <T>(file: string) => runnerImport<T>(`${root}/${file}`, { root, configFile: false, logLevel: 'silent' });
  const [{ module: specs }, { module: search }] = await Promise.all([
    load<typeof import('../src/resources/specs.ts')>('src/resources/specs.ts'),
    load<typeof import('../src/components/resource/list/list-search.ts')>(
      'src/components/resource/list/list-search.ts',
    ),
  ]);
  return {
    specs: specs.listSpecs(),
    firstPageBody: JSON.stringify(search.toPageBody(search.LIST_DEFAULTS, [])),
  };
}

/**
 * The first page's request of each list screen the build made (and its saved views', keyed by the
 * noun): a spec's `menu.screen` is its list's URL, its `api` the path (src/resources/specs.ts).
 */
export function listRequests(paths: string[], facts: ListFacts): BootManifest['lists'] {
  const built = new Set(paths);
  const out: BootManifest['lists'] = {};
  for (const [noun, spec] of facts.specs) {
    const screen = spec.menu?.screen;
    if (!screen || !built.has(screen)) continue;
    out[screen] = {
      url: `${API_BASE}/${spec.api}/page`,
      body: facts.firstPageBody,
      views: `${API_BASE}/views?list=${noun}`,
    };
  }
  return out;
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

function minus(set: Set<string>, without: Set<string>): Set<string> {
  return new Set([...set].filter((f) => !without.has(f)));
}

function files(set: Set<string>, base: string): string[] {
  return [...set].sort().map((f) => base + f);
}
