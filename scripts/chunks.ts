import { type Plugin, parseAst } from 'vite';

/**
 * What the console imports dynamically as it starts: the app and React DOM's renderer (src/main.tsx),
 * and the route tree (src/router.tsx).
 */
const LIST_SCAN = /[\\/]src[\\/]features[\\/]scan[\\/](scan-button|isbn|api)\.tsx?$/;

export const START_MODULES = {
  app: /[\\/]src[\\/]app\.tsx$/,
  dom: /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/,
  routes: /[\\/]src[\\/]routeTree\.gen\.ts$/,
};

/**
 * Fewer, larger chunks where they are always loaded together. Left to itself, the bundler splits
 * every module that the entry and some lazy route share into a common chunk of its own: the
 * sign-in page asked for 70 files and Home for over 100, each a request with its own headers on a
 * phone's slow round trips. Groups fix that without moving code to a page that does not need it:
 *
 * - `shared`: what the sign-in page (a document of its own, login.html) and the console both use
 *   (Lingui, the http client): one small chunk, so neither page loads the other's code;
 * - `index`: everything else the console's entry imports statically, and what React DOM's renderer
 *   shares with the app (React, the scheduler);
 * - `react-dom-client`: React DOM's renderer, `console`: the app (src/app.tsx: providers, router,
 *   theme, with the libraries only they need) and the console layout (every document that runs the
 *   entry shows it: a signed-out visitor goes to the sign-in document), and `routes`: the route
 *   tree with what only the routes' definitions need. The console imports each dynamically as it
 *   starts, so each evaluates in a task of its own: one task for all was the longest on a cold
 *   start (over 50 ms on a desktop).
 * - `lists`: the list machinery (list/resource-page.tsx and what it needs) that Home does not use, with
 *   the library modules and shared components (src/components, src/lib) two or more list screens
 *   draw with;
 * - `screens`: those library modules and components that Home draws with too (Mantine's Paper and
 *   Skeleton, TanStack Query's hook), one chunk for both instead of a dozen files of a few hundred
 *   bytes each: every file is a round trip on a phone (HTTP/1.1 sends six at a time);
 * - `lists-common`: what the list machinery shares with the screens that are not lists (a record
 *   page, the password page) and with the floating parts below, so that neither loads the whole
 *   `lists` chunk: a record page or the password page loads this one, and so does Home's first
 *   interaction (19 KiB gzip, of which 8 are list code Home does not draw with: the price of one
 *   chunk fewer on every list and of the lists' code staying out of those pages);
 * - `floating-parts`: what menus, tooltips and pickers need beyond the entry (loaded at the first
 *   interaction, src/components/floating) and what dialogs and forms share with them, in one chunk
 *   instead of a dozen. Modules that a screen drawn without Floating UI (Home, a list) imports stay
 *   out of it.
 *
 * What only the sign-in page uses stays in its entry's chunk.
 *
 * "Uses" follows named imports through libraries' barrel files (`import { Button } from
 * '@mantine/core'` reaches Button's module, not all of Mantine). Screens, dialogs and everything
 * else loaded on demand keep the automatic splitting.
 */
export function chunkGroups(): {
  plugin: Plugin;
  groups: {
    name: string;
    test?: (id: string) => boolean;
    tags?: ['$initial'];
    priority: number;
    includeDependenciesRecursively?: boolean;
  }[];
} {
  const roots = {
    // login.html's own module too: in the console's groups it would bring the sign-in code along.
    login: /[\\/](src[\\/]sign-in[\\/]main\.ts|login\.html)$/,
    main: /[\\/]src[\\/]main\.tsx$/,
    app: START_MODULES.app,
    dom: START_MODULES.dom,
    routes: START_MODULES.routes,
    console: /[\\/]src[\\/]routes[\\/]_console\.tsx\?tsr-split=component$/,
  };
  const reached = {
    login: new Set<string>(),
    main: new Set<string>(),
    app: new Set<string>(),
    dom: new Set<string>(),
    routes: new Set<string>(),
    console: new Set<string>(),
    rest: new Set<string>(),
    lists: new Set<string>(),
    floating: new Set<string>(),
    screens: new Set<string>(),
    listsCommon: new Set<string>(),
  };
  const plugin: Plugin = {
    name: 'lectern-chunk-groups',
    apply: 'build',
    async buildEnd() {
      const graph = new ImportGraph(
        (id) => this.getModuleInfo(id),
        async (spec, importer) => (await this.resolve(spec, importer))?.id ?? null,
      );
      const all = [...this.getModuleIds()];
      for (const [name, root] of Object.entries(roots) as [keyof typeof roots, RegExp][]) {
        const start = all.filter((id) => root.test(id));
        if (start.length === 0) this.warn(`no module matches ${root}: no ${name} chunk`);
        reached[name] = await graph.reach(start);
      }
      // Everything else loaded on demand (screens, dialogs): the sign-in page's chunk must hold
      // nothing they need, or they would download it.
      const lazyRoots = all.filter(
        (id) =>
          (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 &&
          !roots.login.test(id) &&
          !roots.main.test(id) &&
          !roots.app.test(id) &&
          !roots.dom.test(id) &&
          !roots.routes.test(id) &&
          !roots.console.test(id),
      );
      reached.rest = await graph.reach(lazyRoots);
      // The list machinery every list screen loads (and Home does not).
      const home = await graph.reach(
        all.filter((id) => /[\\/]src[\\/]routes[\\/]_console[\\/]\[index\]\.tsx\?tsr-split=component$/.test(id)),
      );
      const listPage = all.filter((id) =>
        /[\\/]src[\\/]components[\\/]resource[\\/]list[\\/]resource-page\.tsx$/.test(id),
      );
      // A moved file would silently leave every list's machinery in a dozen small chunks.
      if (listPage.length === 0) throw new Error('chunk groups: the list page module was not found');
      const machinery = await graph.reach(listPage);
      reached.lists = new Set([...machinery].filter((id) => !home.has(id)));
      // Floating UI's parts, less what a screen that draws without them imports.
      const light = new Set<string>();
      // How many list screens draw with each module.
      const listScreens = new Map<string, number>();
      for (const screen of all.filter((id) => /[\\/]src[\\/]routes[\\/].*\?tsr-split=component$/.test(id))) {
        const needs = await graph.reach([screen]);
        if (listPage.some((id) => needs.has(id)))
          for (const id of needs) listScreens.set(id, (listScreens.get(id) ?? 0) + 1);
        if (![...needs].some((id) => /[\\/]@floating-ui[\\/]react[\\/]/.test(id)))
          for (const id of needs) light.add(id);
      }
      const floating = await graph.reach(
        all.filter((id) => /[\\/]src[\\/]components[\\/]floating[\\/]floating-parts\.ts$/.test(id)),
      );
      if (floating.size === 0) this.warn('no floating-parts module: no floating-parts chunk');
      reached.floating = new Set(
        [...floating].filter(
          (id) =>
            !reached.main.has(id) &&
            !reached.app.has(id) &&
            !reached.routes.has(id) &&
            !reached.console.has(id) &&
            (reached.lists.has(id) || !light.has(id)),
        ),
      );
      // What the list screens draw with beyond the machinery, in `screens` or `lists` (see above).
      // Each screen's own modules (routes, resources, features) keep their chunks, and so does what
      // only one list draws with (the bundler puts it in that screen's chunk).
      for (const [id, lists] of listScreens) {
        if (!/[\\/](node_modules|src[\\/]components|src[\\/]lib)[\\/]/.test(id) || reached.floating.has(id)) continue;
        if (home.has(id)) reached.screens.add(id);
        else if (lists > 1) reached.lists.add(id);
      }
      // What a screen that is not a list (a record page, the password page) needs of the list
      // machinery and its modules: in `lists-common`, so that screen loads that chunk, not the
      // whole machinery (it did: 40 KiB of the password page's 257 were the lists' chunks for a
      // table, a field's messages and a debounced value).
      for (const screen of all.filter((id) => /[\\/]src[\\/]routes[\\/].*\?tsr-split=component$/.test(id))) {
        const needs = await graph.reach([screen]);
        if (listPage.some((id) => needs.has(id)) || home.has(screen)) continue;
        for (const id of needs) if (reached.lists.has(id)) reached.listsCommon.add(id);
      }
    },
  };
  const inLogin = (id: string) => reached.login.has(id);
  // What the console's first screen runs besides the entry's own imports: the app and the layout.
  const inConsole = (id: string) => reached.app.has(id) || reached.console.has(id);
  const inRoutes = (id: string) => reached.routes.has(id) && !inConsole(id);
  // The app's styles stay in the entry's stylesheet, which the first paint already waits for (in a
  // file of their own, a second one it would wait for).
  const stylesheet = (id: string) => /\.css(\?|$)/.test(id);
  return {
    plugin,
    groups: [
      {
        name: 'shared',
        // The bundler's runtime too: both pages need it, and it is not worth a request of its own.
        test: (id) =>
          /rolldown[\\/:]runtime/.test(id) ||
          (inLogin(id) && (inConsole(id) || reached.main.has(id) || reached.rest.has(id))),
        priority: 5,
      },
      // React DOM's renderer, which the entry imports dynamically: evaluated in a task of its own.
      // What it shares with the app (React, the scheduler, react-dom's small index) is the entry's,
      // so neither chunk waits for the other to evaluate.
      {
        name: 'react-dom-client',
        test: (id) => /[\\/]node_modules[\\/]react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)/.test(id),
        priority: 4.5,
        includeDependenciesRecursively: false,
      },
      {
        name: 'index',
        test: (id) =>
          !inLogin(id) &&
          (reached.main.has(id) ||
            reached.dom.has(id) ||
            (stylesheet(id) && (inConsole(id) || reached.routes.has(id)))),
        priority: 4,
      },
      // The app and the layout, which the entry imports dynamically; index.html preloads this chunk
      // beside the entry (scripts/console-boot.ts). Every document that runs the entry shows the
      // layout (a signed-out visitor goes to the sign-in document): loaded after the entry had run,
      // it was a second round trip on every cold load's critical path.
      {
        name: 'console',
        test: (id) => !inLogin(id) && inConsole(id),
        priority: 3.5,
      },
      // The route tree, with what only its routes' definitions need (the app's router imports it
      // dynamically, so it evaluates in a task of its own), preloaded like the app's chunk.
      {
        name: 'routes',
        test: (id) => !inLogin(id) && inRoutes(id),
        priority: 3.4,
      },
      {
        name: 'lists-common',
        test: (id) =>
          (reached.listsCommon.has(id) || (reached.floating.has(id) && reached.lists.has(id))) && !inLogin(id),
        priority: 3,
        includeDependenciesRecursively: false,
      },
      {
        name: 'floating-parts',
        test: (id) => reached.floating.has(id) && !inLogin(id),
        priority: 2.5,
        includeDependenciesRecursively: false,
      },
      {
        name: 'screens',
        test: (id) => reached.screens.has(id) && !inLogin(id),
        priority: 1.6,
        includeDependenciesRecursively: false,
      },
      {
        name: 'lists',
        // The Scan button that Books and Applications share (1 KiB gzip; its camera and decoder
        // load on a press): with the lists' code rather than a file of its own on their cold load.
        test: (id) => (reached.lists.has(id) || LIST_SCAN.test(id)) && !inLogin(id),
        priority: 1.5,
        includeDependenciesRecursively: false,
      },
    ],
  };
}

interface ModuleLike {
  code: string | null;
  importedIds: readonly string[];
  exports?: readonly string[];
}

interface Barrel {
  /** Exported name → the module and name it comes from. */
  named: Map<string, { spec: string; name: string }>;
  /** `export * from` sources. */
  stars: string[];
}

type Node = ReturnType<typeof parseAst>['body'][number];

/** Static imports between modules, with named imports followed through re-export-only modules. */
export class ImportGraph {
  private readonly parsed = new Map<string, Node[] | null>();
  private readonly resolved = new Map<string, string | null>();

  constructor(
    private readonly info: (id: string) => ModuleLike | null,
    private readonly resolve: (spec: string, importer: string) => Promise<string | null>,
  ) {}

  /** Every module the roots need, statically (dynamic imports are other chunks' business). */
  async reach(roots: readonly string[]): Promise<Set<string>> {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(await this.needs(id)));
    }
    return seen;
  }

  private body(id: string): Node[] | null {
    if (!this.parsed.has(id)) {
      const code = this.info(id)?.code;
      let body: Node[] | null = null;
      if (code && /\.(m?[jt]sx?|cjs)(\?|$)/.test(id)) {
        try {
          body = parseAst(code, { lang: 'js' }).body;
        } catch {
          body = null;
        }
      }
      this.parsed.set(id, body);
    }
    return this.parsed.get(id) ?? null;
  }

  private async resolveFrom(spec: string, importer: string): Promise<string | null> {
    const key = `${importer}\0${spec}`;
    if (!this.resolved.has(key)) this.resolved.set(key, await this.resolve(spec, importer));
    return this.resolved.get(key) ?? null;
  }

  /**
   * A module made of re-exports only (a library's index), or null: `export { a } from './a'`, or
   * imports followed by `export { a, b }` of the imported bindings (how bundled libraries ship it).
   */
  private barrel(id: string): Barrel | null {
    const body = this.body(id);
    if (!body?.length) return null;
    const named = new Map<string, { spec: string; name: string }>();
    const imported = new Map<string, { spec: string; name: string }>();
    const stars: string[] = [];
    const local: [string, string][] = [];
    for (const node of body) {
      if (node.type === 'ExpressionStatement' && 'directive' in node && node.directive) continue;
      if (node.type === 'ImportDeclaration') {
        for (const sp of node.specifiers) {
          // A namespace re-exported whole ('*'): whoever imports it gets all of that module.
          const name =
            sp.type === 'ImportNamespaceSpecifier'
              ? '*'
              : sp.type === 'ImportDefaultSpecifier'
                ? 'default'
                : nameOf(sp.imported as Named);
          imported.set(sp.local.name, { spec: node.source.value, name });
        }
      } else if (node.type === 'ExportAllDeclaration' && !node.exported) stars.push(node.source.value);
      else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
        for (const sp of node.specifiers) {
          if (node.source) named.set(nameOf(sp.exported), { spec: node.source.value, name: nameOf(sp.local) });
          else local.push([nameOf(sp.exported), nameOf(sp.local)]);
        }
      } else return null;
    }
    for (const [exported, binding] of local) {
      const from = imported.get(binding);
      if (!from) return null;
      named.set(exported, from);
    }
    return { named, stars };
  }

  /** The modules `id` needs: its imports, named ones followed through barrels. */
  private async needs(id: string): Promise<string[]> {
    const body = this.body(id);
    if (!body) return [...(this.info(id)?.importedIds ?? [])];
    // A barrel reached here was wanted whole (a namespace or side-effect import, or `export *`).
    const out: string[] = [];
    for (const node of body) {
      let spec: string | null = null;
      let names: string[] | null = null;
      if (node.type === 'ImportDeclaration') {
        spec = node.source.value;
        const list = node.specifiers;
        names =
          list.length === 0 || list.some((s) => s.type === 'ImportNamespaceSpecifier')
            ? null
            : list.map((s) =>
                s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf((s as { imported: Named }).imported),
              );
      } else if (node.type === 'ExportNamedDeclaration' && node.source) {
        spec = node.source.value;
        names = node.specifiers.map((s) => nameOf(s.local));
      } else if (node.type === 'ExportAllDeclaration') {
        spec = node.source.value;
      }
      if (spec === null) continue;
      const target = await this.resolveFrom(spec, id);
      if (target) out.push(...(await this.through(target, names, new Set())));
    }
    return out;
  }

  /** The modules behind `names` of `target`: their sources if it is a barrel, else itself. */
  private async through(target: string, names: string[] | null, seen: Set<string>): Promise<string[]> {
    const barrel = names ? this.barrel(target) : null;
    if (!barrel || !names) return [target];
    const out: string[] = [];
    for (const name of names) {
      // Re-export cycles between barrels end here.
      if (seen.has(`${target}#${name}`)) continue;
      seen.add(`${target}#${name}`);
      const from = barrel.named.get(name);
      if (from) {
        const source = await this.resolveFrom(from.spec, target);
        if (source) out.push(...(await this.through(source, from.name === '*' ? null : [from.name], seen)));
        continue;
      }
      for (const spec of barrel.stars) {
        const source = await this.resolveFrom(spec, target);
        if (!source) continue;
        // `export *`: only the source that has the name (or may pass it on).
        if (!this.barrel(source) && !(this.info(source)?.exports ?? [name]).includes(name)) continue;
        out.push(...(await this.through(source, [name], seen)));
      }
    }
    return out;
  }
}

type Named = { type: string; name?: string; value?: unknown };
const nameOf = (n: Named): string =>
  n.type === 'Identifier' || n.type === 'IdentifierName' ? String(n.name) : String(n.value);
