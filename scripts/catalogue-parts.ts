import { createHash } from 'node:crypto';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

/**
 * A console screen's share of each language's catalogue. The whole catalogue (11 KiB gzip, 713
 * messages) came with every cold load, although a list's first screen can show only about a third
 * of its messages: those named in the code it runs (the entry's, the layout's and the screen's own
 * chunks). The build writes that share per screen and language; the console loads it instead of
 * the whole, and the whole when something else needs it (src/lib/i18n.ts).
 */

export type Compiled = Record<string, unknown>;

/** Every language's whole catalogue, compiled as the Lingui Vite plugin compiles it for the bundle. */
export async function compiledCatalogues(): Promise<Record<string, Compiled>> {
  const config = getConfig();
  const out: Record<string, Compiled> = {};
  for (const catalog of await getCatalogs(config)) {
    for (const locale of config.locales) {
      // The options the Lingui Vite plugin passes (its config, normalised: both are set).
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales as Exclude<typeof config.fallbackLocales, false | undefined>,
        sourceLocale: config.sourceLocale as string,
      });
      const { source } = createCompiledCatalog(locale, messages, { namespace: 'json' });
      const compiled = JSON.parse(source as string) as { messages: Compiled };
      out[locale] = { ...out[locale], ...compiled.messages };
    }
  }
  return out;
}

/**
 * The string literals of minified code. A message is named by its id as a literal (`{id:"abc123"}`,
 * in any quotes), wherever it is used; a literal that only looks like an id adds a message, never
 * loses one.
 */
export function literals(code: string): Set<string> {
  const out = new Set<string>();
  // The closing quote is left to open the next match: quotes are never paired wrongly (a `` `` ``
  // before an id would otherwise shift every pair after it).
  for (const m of code.matchAll(/["'`]([^"'`\s\\]{1,64})(?=["'`])/g)) out.add(m[1] as string);
  return out;
}

/** The messages of `whole` that code with these literals can show. */
export function part(whole: Compiled, named: Set<string>): Compiled {
  return Object.fromEntries(Object.entries(whole).filter(([id]) => named.has(id)));
}

/** A part as the module the console imports: `assets/catalogue-en-web-book-<hash>.js`. */
export function partModule(locale: string, path: string, messages: Compiled): { fileName: string; source: string } {
  const source = `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return { fileName: `assets/catalogue-${locale}${path.replace(/\//g, '-').replace(/\$/g, '')}-${hash}.js`, source };
}
