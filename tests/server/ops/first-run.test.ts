import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIAL_PASSWORD_FILE } from '../../../src/server/db/bootstrap';
import { databaseUrlFor, dropSpawnedDatabases } from '../helpers/database';
import { type Spawned, spawnServer } from '../helpers/spawn-server';
import { tempDirForFile } from '../helpers/temp';

/**
 * What a newcomer's terminal shows at the first start and after: the generated password kept in a
 * file of the owner's only until it is changed, and a log a person can follow (the console's
 * files out of it at the default level; JSON lines where the output is not a terminal).
 */
const tmp = tempDirForFile('lectern-first-run-');
// Each test starts the server up to three times: on a loaded machine a start alone takes seconds.
afterAll(() => dropSpawnedDatabases());

async function login(url: string, password: string) {
  const res = await fetch(`${url}/prod-api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password }),
  });
  const body = (await res.json()) as { data: { token: string; mustChangePassword?: true } | null };
  return { status: res.status, token: body.data?.token ?? '', mustChange: body.data?.mustChangePassword };
}

async function changePassword(url: string, token: string, oldPassword: string, newPassword: string) {
  const res = await fetch(`${url}/prod-api/auth/password`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ oldPassword, newPassword }),
  });
  return res.status;
}

/** A hand-made build: what staticFiles serves (a document, hashed assets, the sign-in page). */
async function makeDist(dir: string): Promise<string> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Lectern</title>');
  await writeFile(join(dir, 'login.html'), '<!doctype html><title>Lectern</title>');
  await writeFile(join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  await writeFile(join(dir, 'assets', 'app-abc123.css'), 'body{}');
  await writeFile(join(dir, 'sw.js'), 'self.addEventListener("fetch",()=>{})');
  return dir;
}

/** Waits until the server's output has a line matching `re` (lines reach the pipe a moment later). */
async function outputLine(server: Spawned, re: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((l) => re.test(l));
    if (line !== undefined) return line;
    if (Date.now() > deadline) throw new Error(`no line matching ${re} in:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the first password', () => {
  it('is kept in LECTERN_DATA/initial-admin-password (mode 0600) until the forced change deletes it', async () => {
    const data = join(tmp.path, 'data');
    const env = { LECTERN_DATA: data, LECTERN_DIST: join(tmp.path, 'no-dist') };
    const file = join(data, INITIAL_PASSWORD_FILE);

    const first = await spawnServer(env);
    const printed = /password: (\S+)/.exec(first.output())?.[1] ?? '';
    expect(printed).toMatch(/^[\w-]{20,}$/);
    // Where it is, said beside it.
    expect(first.output()).toContain(`kept in ${file}`);
    const info = await stat(file);
    expect(info.mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(`${printed}\n`);
    // Never a log line: the JSON lines do not carry it.
    for (const line of first
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{')))
      expect(line).not.toContain(printed);
    expect(await first.stop()).toBe(0);

    // A later start before the change says again where it is, and the file's password signs in.
    const second = await spawnServer(env);
    try {
      expect(second.output()).toContain(`first password is in ${file} until it is changed`);
      expect(second.output()).not.toContain(printed);
      const kept = (await readFile(file, 'utf8')).trim();
      const signedIn = await login(second.url, kept);
      expect(signedIn.status).toBe(200);
      expect(signedIn.mustChange).toBe(true);

      // A wrong current password changes nothing, the file stays.
      expect(await changePassword(second.url, signedIn.token, 'Not-the-password-1', 'Chosen-admin-pass-1')).toBe(400);
      expect(existsSync(file)).toBe(true);
      expect(await changePassword(second.url, signedIn.token, kept, 'Chosen-admin-pass-1')).toBe(200);
      expect(existsSync(file)).toBe(false);
    } finally {
      expect(await second.stop()).toBe(0);
    }

    const third = await spawnServer(env);
    expect(third.output()).not.toMatch(/password/i);
    expect(await third.stop()).toBe(0);
  }, 120_000);

  it('a file whose password no longer signs in is removed at the next start', async () => {
    const data = join(tmp.path, 'data-stale');
    const env = { LECTERN_DATA: data, LECTERN_DIST: join(tmp.path, 'no-dist') };
    const file = join(data, INITIAL_PASSWORD_FILE);
    const first = await spawnServer(env);
    expect(await first.stop()).toBe(0);
    // As if the password had been changed on another instance, whose data folder is another.
    await writeFile(file, 'Some-other-password-1\n', { mode: 0o600 });
    const second = await spawnServer(env);
    expect(existsSync(file)).toBe(false);
    expect(second.output()).not.toMatch(/first password is in/);
    expect(await second.stop()).toBe(0);
  }, 120_000);

  it('with LECTERN_ADMIN_PASSWORD no file is written', async () => {
    const data = join(tmp.path, 'data-env');
    const server = await spawnServer({
      LECTERN_DATA: data,
      LECTERN_DIST: join(tmp.path, 'no-dist'),
      LECTERN_ADMIN_PASSWORD: 'From-the-env-1',
    });
    expect(existsSync(join(data, INITIAL_PASSWORD_FILE))).toBe(false);
    expect(await server.stop()).toBe(0);
  }, 120_000);
});

describe('the log', () => {
  it("is JSON lines when not a terminal, without the console's files at the default level", async () => {
    const dist = await makeDist(join(tmp.path, 'dist'));
    const server = await spawnServer({
      LECTERN_DATA: join(tmp.path, 'data-log'),
      LECTERN_DIST: dist,
      LECTERN_ADMIN_PASSWORD: 'Log-admin-pass-1',
    });
    try {
      // A page load's worth of files, then the API.
      for (const path of ['/', '/web/book', '/login', '/assets/app-abc123.js', '/assets/app-abc123.css', '/sw.js']) {
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
      }
      expect((await fetch(`${server.url}/assets/gone-000000.js`)).status).toBe(404);
      expect((await login(server.url, 'Log-admin-pass-1')).status).toBe(200);
      // Lines are written in order: once the API's is in, every earlier one is too.
      const apiLine = await outputLine(server, /POST \/prod-api\/auth\/login 200/);
      expect(JSON.parse(apiLine)).toMatchObject({ level: 'info', method: 'POST', status: 200 });

      const lines = server.output().trim().split('\n');
      // Every line is a JSON object (a machine reads them: not a terminal).
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      const paths = lines.map((l) => (JSON.parse(l) as { path?: string }).path).filter(Boolean);
      expect(paths).toEqual(['/assets/gone-000000.js', '/prod-api/auth/login']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it("has the console's files at debug level", async () => {
    const dist = await makeDist(join(tmp.path, 'dist-debug'));
    const server = await spawnServer({
      LECTERN_DATA: join(tmp.path, 'data-log-debug'),
      LECTERN_DIST: dist,
      LECTERN_ADMIN_PASSWORD: 'Log-admin-pass-1',
      LECTERN_LOG_LEVEL: 'debug',
    });
    try {
      expect((await fetch(`${server.url}/assets/app-abc123.js`)).status).toBe(200);
      const line = await outputLine(server, /GET \/assets\/app-abc123\.js 200/);
      expect(JSON.parse(line)).toMatchObject({ level: 'debug', path: '/assets/app-abc123.js' });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('is readable lines on a terminal', async () => {
    // `script` (util-linux, in every Debian) runs the server on a pseudo-terminal.
    const data = join(tmp.path, 'data-tty');
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'LECTERN_ADMIN_PASSWORD') env[k] = v;
    const DATABASE_URL = await databaseUrlFor(data);
    Object.assign(env, {
      HOST: '127.0.0.1',
      PORT: '0',
      LECTERN_DATA: data,
      LECTERN_DIST: join(tmp.path, 'no-dist'),
      LECTERN_ADMIN_PASSWORD: 'Tty-admin-pass-1',
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
    });
    const child = spawn('script', ['-qfec', `${process.execPath} --import tsx src/server/main.ts`, '/dev/null'], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const deadline = Date.now() + 30_000;
      while (!/Lectern listening on/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // Colours are on for a terminal: read the words.
      const plain = out.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
      const line = plain.split(/\r?\n/).find((l) => l.includes('Lectern listening on')) ?? plain;
      // pino-pretty's form: the time, the level's name, the message; not a JSON object.
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Lectern listening on http:\/\/127\.0\.0\.1:\d+\//);
      expect(line).not.toContain('"level"');
    } finally {
      // Ctrl-C on the terminal; closing it (script's end) hangs the server up if that was not enough.
      child.stdin.write('\x03');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 15_000)),
      ]);
      if (!stopped) child.kill('SIGKILL');
      await exited;
    }
  }, 120_000);
});
