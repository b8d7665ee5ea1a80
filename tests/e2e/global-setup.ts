import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN_PASSWORD, startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/** One real Lectern server (built console + API + temp SQLite) for the whole e2e run. */
export default async function setup(project: TestProject) {
  // LECTERN_DIST lets parallel work build into its own folder; `npm test` uses ./dist.
  const dist = process.env.LECTERN_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`)) throw new Error(`${dist}/ is missing: run \`npm run build\` first`);
  const dataDir = await mkdtemp(join(tmpdir(), 'lectern-e2e-'));
  const server = await startServer({
    LECTERN_DATA: dataDir,
    LECTERN_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LECTERN_DIST: dist,
  });
  project.provide('baseURL', server.url);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
