import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

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
  return outputUntilExit(child);
}

/** A child's exit code and everything it wrote (stdout and stderr, interleaved as they came). */
export function outputUntilExit(child: ChildProcessByStdio<null, Readable, Readable>) {
  let output = '';
  const collect = (c: Buffer) => {
    output += c.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}
