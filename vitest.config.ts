import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  test: {
    projects: [
      {
        extends: true,
        // vitest's default is one worker per core less one: on CI's two cores, a single worker.
        test: { name: 'unit', environment: 'happy-dom', include: ['tests/unit/**/*.test.{ts,tsx}'], maxWorkers: 2 },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Three files at a time on two cores: most of a server test waits (spawned processes,
          // the job queue's polling, PostgreSQL), and one worker left the cores idle.
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Hostile requests against a real server process while /healthz is polled: run alone, one
          // file at a time, so the other suites' load does not stand in for a stall.
          name: 'responsiveness',
          environment: 'node',
          include: ['tests/responsiveness/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Tests a file marks concurrent, each in its own browser context, only where they mostly
          // wait (a session's lifetime): a layout or axe sweep under load measures mid-change.
          maxConcurrency: 3,
          // A page may take a few seconds to settle on a busy machine; expect.poll waits as long
          // as Playwright's own waits would (its default, 1 s, made tests depend on the load).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
