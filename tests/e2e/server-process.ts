import { type ChildProcess, spawn } from 'node:child_process';

export const ADMIN_PASSWORD = 'e2e-Admin-pass-1';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Start `src/server/main.ts` exactly as `npm start` does (after its build), on a random port. A
 * variable given as undefined is removed from the environment the server inherits.
 */
export function startServer(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<RunningServer> {
  // The suites sign in as admin with a password everywhere: no second factor unless a test asks.
  const merged = { ...process.env, HOST: '127.0.0.1', PORT: '0', LECTERN_MFA_REQUIRED: 'none', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Lectern listening on (http:\/\/[^\s]+?)\/?(\s|$)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          process: child,
          output: () => out,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done(child.exitCode);
              child.once('exit', (code) => done(code));
              child.kill('SIGINT');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

/**
 * One call to a running server's API, outside any browser: GET without a body, POST with one. The
 * `data` of a success (code 20000); anything else throws with the code and message.
 */
export async function apiCall<T>(url: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}/prod-api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 20000) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}
