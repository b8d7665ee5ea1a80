import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './scripts/chunks.ts';
import { consoleBoot } from './scripts/console-boot.ts';
import { mantineCssPerComponent } from './scripts/mantine-css.ts';
import { mantineScrollAreaWithoutFloatingUi } from './scripts/mantine-scroll-area.ts';
import { signInPage } from './scripts/sign-in-page.ts';
import { sourceHash } from './scripts/source-hash.ts';
import { offlineConfig, PWA_ICON_PRESET, pwaManifest } from './src/sw/protocol/build-config.ts';

/**
 * The base path is a build option (`LECTERN_BASE=/panda/ npm run build`). The server reads it back
 * from dist/lectern-build.json so the two can never disagree.
 */
const base = normaliseBase(process.env.LECTERN_BASE ?? '/');

function normaliseBase(b: string): string {
  const withLead = b.startsWith('/') ? b : `/${b}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

function buildInfo(): Plugin {
  let outDir = resolve(import.meta.dirname, 'dist');
  return {
    name: 'lectern-build-info',
    apply: 'build',
    configResolved(config) {
      // `vite build --outDir X` writes its build info into X, not into ./dist.
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // sourceHash: what `npm start` compares to decide whether to build again (scripts/build-if-changed.ts).
      const info = { base, builtAt: new Date().toISOString(), sourceHash: hashAtStart };
      writeFileSync(resolve(outDir, 'lectern-build.json'), JSON.stringify(info));
    },
  };
}

// Taken before the build reads anything: a file changed during the build makes the next start build again.
const hashAtStart = sourceHash(import.meta.dirname);

const KiB = (n: number) => (n < 1024 * 1024 ? `${Math.round(n / 1024)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`);

/**
 * Vite lists every file it writes (about 250 lines); a build prints this one line instead
 * (`LECTERN_BUILD_VERBOSE=1` gives Vite's list back).
 */
function buildSummary(): Plugin {
  const started = performance.now();
  let outDir = 'dist';
  const sizes = { js: { files: 0, bytes: 0, gzip: 0 }, css: { files: 0, bytes: 0, gzip: 0 } };
  let failed = false;
  return {
    name: 'lectern-build-summary',
    apply: 'build',
    buildEnd(error) {
      failed = Boolean(error);
    },
    configResolved(config) {
      outDir = relative(process.cwd(), resolve(config.root, config.build.outDir)) || '.';
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const kind = file.fileName.endsWith('.js') ? 'js' : file.fileName.endsWith('.css') ? 'css' : undefined;
        if (!kind) continue;
        const body = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
        sizes[kind].files += 1;
        sizes[kind].bytes += bytes.length;
        sizes[kind].gzip += gzipSync(bytes).length;
      }
    },
    closeBundle() {
      if (failed) return;
      const { js, css } = sizes;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Built the console into ${outDir}/ in ${seconds} s: ${js.files} scripts, ${KiB(js.bytes)} (gzip ${KiB(js.gzip)}); ${css.files} stylesheets, ${KiB(css.bytes)} (gzip ${KiB(css.gzip)})`,
      );
    },
  };
}

/**
 * The service worker's own build (vite-plugin-pwa runs Vite again without our config): as quiet as
 * the console's, and with `codeSplitting: false` where the plugin asks for rolldown's deprecated
 * `inlineDynamicImports` (the same single file, without the warning).
 */
const swBuild: Plugin = {
  name: 'lectern-sw-build',
  config: () => ({ logLevel: verbose ? 'info' : 'warn' }),
  outputOptions(options) {
    const { inlineDynamicImports, ...rest } = options as typeof options & { inlineDynamicImports?: boolean };
    return inlineDynamicImports ? { ...rest, codeSplitting: false } : options;
  },
};

const verbose = Boolean(process.env.LECTERN_BUILD_VERBOSE);

const chunks = chunkGroups();

export default defineConfig({
  base,
  logLevel: verbose ? 'info' : 'warn',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders get chunks of their own too, so the API modules they use stay off the sign-in page.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    // Mantine's styles travel with the components that use them (scripts/mantine-css.ts).
    mantineCssPerComponent({ entry: 'src/main.tsx' }),
    // ScrollArea (in every Table) without Floating UI's positioning engine (scripts/mantine-scroll-area.ts).
    mantineScrollAreaWithoutFloatingUi(),
    buildInfo(),
    ...(verbose ? [] : [buildSummary()]),
    chunks.plugin,
    // The sign-in page, a document of its own (login.html).
    signInPage(),
    // The console's first requests started beside its entry (public/console-boot.js).
    consoleBoot(),
    // Our own service worker (src/sw/sw.ts) with Workbox modules; icons generated from one source image.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: pwaManifest(base),
      pwaAssets: { image: 'public/lectern-icon.svg', preset: PWA_ICON_PRESET, overrideManifestIcons: true },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // Source maps and the build info are not part of the app; the screens' parts of the
        // catalogues serve a cold start only (with the service worker, the whole one is cached); the
        // manifest's screenshots are for the browser's install sheet, never shown by the console.
        globIgnores: ['**/*.map', 'lectern-build.json', 'assets/catalogue-*.js', 'screenshots/**'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        buildPlugins: { vite: [swBuild] },
      },
      devOptions: { enabled: false },
    }),
  ],
  define: {
    // The service worker's cache settings (build options, see src/sw/protocol/build-config.ts).
    __LECTERN_OFFLINE__: JSON.stringify(offlineConfig(process.env)),
  },
  build: {
    target: 'es2022',
    // Written next to the bundles for the bench and for reading stack traces, but not referenced
    // from them ('hidden'), and the server never serves *.map: the sources stay private.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    // Every browser the console supports (es2022) preloads modules itself.
    modulePreload: { polyfill: false },
    // Fewer requests: what is always loaded together is one chunk (scripts/chunks.ts).
    rolldownOptions: {
      // Plugin timings are for profiling a build, not for every build's output.
      checks: { pluginTimings: false },
      // The console, and the sign-in page on its own (no React, router or Mantine: scripts/sign-in-page.ts).
      input: { index: resolve(import.meta.dirname, 'index.html'), login: resolve(import.meta.dirname, 'login.html') },
      output: { codeSplitting: { groups: chunks.groups } },
    },
  },
  server: {
    proxy: { '/prod-api': { target: `http://127.0.0.1:${process.env.LECTERN_API_PORT ?? 8081}` } },
  },
});
