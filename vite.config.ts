import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './scripts/chunks';
import { consoleBoot } from './scripts/console-boot';
import { mantineCssPerComponent } from './scripts/mantine-css';
import { mantineScrollAreaWithoutFloatingUi } from './scripts/mantine-scroll-area';
import { signInPage } from './scripts/sign-in-page';
import { offlineConfig, PWA_ICON_PRESET, pwaManifest } from './src/sw/protocol/build-config';

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
  let outDir = resolve(__dirname, 'dist');
  return {
    name: 'lectern-build-info',
    apply: 'build',
    configResolved(config) {
      // `vite build --outDir X` writes its build info into X, not into ./dist.
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeFileSync(resolve(outDir, 'lectern-build.json'), JSON.stringify({ base, builtAt: new Date().toISOString() }));
    },
  };
}

const chunks = chunkGroups();

export default defineConfig({
  base,
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
        // catalogues serve a cold start only (with the service worker, the whole one is cached).
        globIgnores: ['**/*.map', 'lectern-build.json', 'assets/catalogue-*.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
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
      // The console, and the sign-in page on its own (no React, router or Mantine: scripts/sign-in-page.ts).
      input: { index: resolve(__dirname, 'index.html'), login: resolve(__dirname, 'login.html') },
      output: { codeSplitting: { groups: chunks.groups } },
    },
  },
  server: {
    proxy: { '/prod-api': { target: `http://127.0.0.1:${process.env.LECTERN_API_PORT ?? 8081}` } },
  },
});
