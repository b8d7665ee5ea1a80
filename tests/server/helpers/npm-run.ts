import { spawn } from 'node:child_process';

/**
 * Runs an npm script as an operator would; resolves with its exit code and output. An undefined
 * value in `env` removes the variable (DATABASE_URL of a PostgreSQL run, for a SQLite restore).
 */
export function npmRun(script: string, args: string[], env: Record<string, string | undefined>) {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}
