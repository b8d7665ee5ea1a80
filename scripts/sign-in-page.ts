import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The sign-in page is a second HTML entry (login.html, src/sign-in/). This plugin
 * - writes into it the files the console needs for its first screen — the entry with what it
 *   imports, the console layout and Home, and their stylesheets — for src/sign-in/prefetch.ts to
 *   fetch while the user types (only the build knows their hashed names);
 * - answers /login with login.html in development (the server and the service worker do in
 *   production: src/server/static.ts, src/sw/sw.ts).
 */
export function signInPage(): Plugin {
  let base = '/';
  return {
    name: 'lectern-sign-in-page',
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path, query] = (req.url ?? '').split('?');
        if (path === `${base}login`) req.url = `${base}login.html${query ? `?${query}` : ''}`;
        next();
      });
    },
    // After Vite's own HTML step (vite:build-html), which drops an HTML entry's chunk that only
    // imports others (index.html's entry is one: its page loads what it imports directly): the list
    // is taken from the files the build really writes, never from a chunk that is removed later.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['login.html'];
        if (page?.type !== 'asset') return;
        const list = JSON.stringify(consoleAssetList(bundle, base)).replace(/</g, '\\u003c');
        page.source = String(page.source).replace(
          '</body>',
          `<script type="application/json" id="si-console">${list}</script>\n</body>`,
        );
      },
    },
  };
}

/** Modules whose chunks the console's first screen needs besides its entry: the layout and Home. */
const FIRST_SCREEN = /[\\/]src[\\/]routes[\\/]_console(\.tsx|[\\/]\[?index\]?\.tsx)\?tsr-split=/;

/** The console entry's chunk and the first screen's, with everything they import statically, and their CSS. */
export function consoleAssetList(bundle: OutputBundle, base: string): string[] {
  const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk' && f.code.trim() !== '');
  // The console's entry: index.html's chunk, or (once Vite has dropped that chunk for only
  // importing others) the chunk holding src/main.tsx.
  const starts = chunks.filter(
    (c) =>
      (c.isEntry && /[\\/]index\.html$/.test(c.facadeModuleId ?? '')) ||
      c.moduleIds.some((id) => /[\\/]src[\\/]main\.tsx$/.test(id)) ||
      c.moduleIds.some((id) => FIRST_SCREEN.test(id)),
  );
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const chunk = stack.pop() as OutputChunk;
    if (files.has(chunk.fileName)) continue;
    files.add(chunk.fileName);
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
    for (const file of css ?? []) files.add(file);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) stack.push(next);
    }
  }
  return [...files].sort().map((f) => base + f);
}
