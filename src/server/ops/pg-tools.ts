import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * pg_dump / pg_restore: from PATH, else the newest Debian server package's folder
 * (/usr/lib/postgresql/<major>/bin). LECTERN_PG_BIN names a folder to use instead.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const dirs = [
    ...(process.env.LECTERN_PG_BIN ? [process.env.LECTERN_PG_BIN] : []),
    ...(process.env.PATH ?? '').split(delimiter),
  ];
  for (const dir of dirs) if (dir && existsSync(join(dir, name))) return join(dir, name);
  const lib = '/usr/lib/postgresql';
  const versions = existsSync(lib)
    ? readdirSync(lib)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) if (existsSync(join(lib, v, 'bin', name))) return join(lib, v, 'bin', name);
  throw new Error(`${name} not found: install the PostgreSQL client programs (Debian: postgresql-client)`);
}

/**
 * The URL without its password, and the password for PGPASSWORD: a password on the command line
 * would show in `ps` to every user of the host.
 */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { url: u.toString(), password };
}

/** Runs a PostgreSQL client program; rejects with its stderr when it fails. */
export function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  const env = { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) };
  const child = spawn(pgTool(name), [...args, '--dbname', url], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
