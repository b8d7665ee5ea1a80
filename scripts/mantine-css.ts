import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's styles per component, following its code: each component's class-name module
 * (`@mantine/core/esm/components/<Dir>/<Name>.module.mjs`) imports `styles/<Name>.layer.css`, so a
 * chunk that draws a Select carries the Select's styles and nothing else, and a page downloads
 * only the styles of the components it shows (instead of all of Mantine's 36 KiB gzip).
 *
 * Order: the stylesheet of a component may override the one of a component it is built on (a
 * Button over UnstyledButton, same specificity), so every injected import list also brings, first,
 * the styles of the components it uses, in Mantine's own order (the order of styles.css). Whatever
 * order the chunks arrive in, a component's styles come after those of what it is built on.
 *
 * In development Vite pre-bundles Mantine (no transform reaches its modules): the full stylesheet
 * is imported there instead.
 */
export function mantineCssPerComponent(options: { entry: string }): Plugin {
  const require = createRequire(import.meta.url);
  // The package's folder, from its own entry (package.json is not among its exports).
  const root = resolve(dirname(require.resolve('@mantine/core')), '..');
  let plan: Map<string, string[]> | null = null;
  let serve = false;
  return {
    name: 'lectern-mantine-css',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve' && !config.isProduction;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (serve) {
        return resolve(file) === resolve(options.entry)
          ? `import '@mantine/core/styles.layer.css';\n${code}`
          : undefined;
      }
      const m = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/][^\\/]+[\\/]([^\\/]+)\.module\.mjs$/.exec(file);
      if (!m?.[1]) return undefined;
      plan ??= cssPlan(root);
      const sheets = plan.get(m[1]);
      if (!sheets) return undefined;
      const imports = sheets.map((s) => `import '@mantine/core/styles/${s}.layer.css';`).join('\n');
      return { code: `${imports}\n${code}`, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * For every component stylesheet, the stylesheets to import with it: those of the components its
 * directory's modules reach (transitively) that come before it in styles.css, then its own.
 */
export function cssPlan(root: string): Map<string, string[]> {
  const order = canonicalOrder(root);
  const rank = new Map(order.map((name, i) => [name, i]));
  const components = join(root, 'esm', 'components');
  const imports = new Map<string, string[]>();
  const moduleName = (file: string) => /([^\\/]+)\.module\.mjs$/.exec(file)?.[1];

  const importsOf = (file: string): string[] => {
    let known = imports.get(file);
    if (!known) {
      const text = readFileSync(file, 'utf8');
      known = [...text.matchAll(/(?:import|export)[^'"]*?from\s*["'](\.{1,2}\/[^"']+)["']/g)].map((x) =>
        resolve(dirname(file), x[1] as string),
      );
      imports.set(file, known);
    }
    return known;
  };

  const plan = new Map<string, string[]>();
  for (const dir of readdirSync(components)) {
    const files = readdirSync(join(components, dir)).filter((f) => f.endsWith('.mjs'));
    // Every stylesheet the directory's code reaches.
    const reached = new Set<string>();
    const seen = new Set<string>();
    const stack = files.map((f) => join(components, dir, f));
    while (stack.length) {
      const file = stack.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const name = moduleName(file);
      if (name && rank.has(name)) reached.add(name);
      for (const next of importsOf(file)) if (next.endsWith('.mjs')) stack.push(next);
    }
    for (const own of files.map(moduleName)) {
      if (!own || !rank.has(own)) continue;
      const before = [...reached].filter((n) => (rank.get(n) ?? 0) < (rank.get(own) ?? 0));
      plan.set(
        own,
        [...before, own].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0)),
      );
    }
  }
  return plan;
}

/** Component stylesheets in the order Mantine's complete styles.css has them. */
export function canonicalOrder(root: string): string[] {
  const all = readFileSync(join(root, 'styles.css'), 'utf8');
  const dir = join(root, 'styles');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8').trim();
      return { name: f.replace(/\.css$/, ''), at: all.indexOf(text.slice(0, 300)) };
    })
    .filter((x) => x.at >= 0 && !['baseline', 'default-css-variables', 'global'].includes(x.name))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.name);
}
