import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '../tests/e2e/server-process';

export { type RunningServer, startServer };

/** The admin password of every bench server. */
export const PASSWORD = 'Bench-admin-pass-1';

export interface DemoServer extends RunningServer {
  /** Its data folder (the database, and room for a bench's own files). */
  dataDir: string;
  /** A fresh admin session's token (the `Authorization` cookie's value). */
  signIn: () => Promise<string>;
}

/**
 * A Lectern server over a new data folder filled with the demo data, serving LECTERN_DIST (default
 * dist/); `stop()` also removes the folder.
 */
export async function startDemoServer(name: string): Promise<DemoServer> {
  const dataDir = await mkdtemp(join(tmpdir(), `lectern-${name}-`));
  const server = await startServer(
    {
      LECTERN_DATA: dataDir,
      LECTERN_ADMIN_PASSWORD: PASSWORD,
      LECTERN_SEED: 'demo',
      LECTERN_DIST: process.env.LECTERN_DIST ?? 'dist',
    },
    180_000,
  );
  const stop = async () => {
    const code = await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    return code;
  };
  return { ...server, dataDir, signIn: () => signIn(server.url), stop };
}

/** A fresh admin session's token on the bench server at `origin`. */
export async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/prod-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
