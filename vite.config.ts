import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  return {
    name: 'lectern-build-info',
    apply: 'build',
    closeBundle() {
      writeFileSync(
        resolve(__dirname, 'dist/lectern-build.json'),
        JSON.stringify({ base, builtAt: new Date().toISOString() }),
      );
    },
  };
}

export default defineConfig({
  base,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    buildInfo(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/prod-api': { target: `http://127.0.0.1:${process.env.LECTERN_API_PORT ?? 8081}` } },
  },
});
