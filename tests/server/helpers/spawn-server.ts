import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { databaseUrlFor } from './database';
import { outputUntilExit } from './npm-run';

export interface Spawned {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGINT, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Run `src/server/main.ts` as `npm start` does; resolves on the "listening" line. On PostgreSQL
 * (DATABASE_URL set for the tests) each LECTERN_DATA folder gets its own database unless `env`
 * names one (database.ts: databaseUrlFor; the caller drops them with dropSpawnedDatabases).
 */
export async function spawnServer(env: Record<string, string | undefined>, timeoutMs = 30_000): Promise<Spawned> {
  const { LECTERN_ADMIN_PASSWORD: _ignored, ...parentEnv } = process.env;
  const DATABASE_URL = 'DATABASE_URL' in env ? env.DATABASE_URL : await databaseUrlFor(env.LECTERN_DATA);
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    ...parentEnv,
    HOST: '127.0.0.1',
    PORT: '0',
    // Spawned servers sign in as admin with a password (LECTERN_MFA_REQUIRED's default asks admins for a second factor).
    LECTERN_MFA_REQUIRED: 'none',
    ...env,
    DATABASE_URL,
  }))
    if (v !== undefined) childEnv[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening" line within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Lectern listening on (http:\/\/\S+?)\/\s/.exec(out);
      if (!m?.[1]) return;
      clearTimeout(timer);
      resolve({
        url: m[1],
        child,
        output: () => out,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGINT');
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

/**
 * `spawnServer` on the data folder `data` with `password` for the admin created at first start and
 * no built console (LECTERN_DIST names a folder that is not there); `env` adds to or overrides it.
 */
export const spawnWithAdmin = (data: string, password: string, env: Record<string, string | undefined> = {}) =>
  spawnServer({ LECTERN_DATA: data, LECTERN_DIST: join(data, 'no-dist'), LECTERN_ADMIN_PASSWORD: password, ...env });

/** The admin's token from the sign-in form's endpoint of a spawned server (or anything in front of one). */
export async function signInAdmin(url: string, password: string): Promise<string> {
  const res = await fetch(`${url}/prod-api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Run main.ts expecting it to fail at start; resolves with its exit code and output. */
export function runToExit(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputUntilExit(child);
}
