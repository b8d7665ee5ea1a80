/**
 * `npm start`'s build step: builds the console only when its sources or build options changed
 * since the last build (scripts/source-hash.ts), into a fresh folder that then replaces dist/ in
 * two renames, so a server already running on dist/ never serves a half-written build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sourceHash } from './source-hash.ts';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env.LECTERN_DIST ?? 'dist');
const info = join(dist, 'lectern-build.json');

const built = existsSync(info)
  ? (JSON.parse(readFileSync(info, 'utf8')) as { sourceHash?: string; builtAt?: string })
  : undefined;
if (built?.sourceHash && built.sourceHash === sourceHash(root)) {
  console.log(`Console up to date (built ${built.builtAt}): no build needed.`);
  process.exit(0);
}

console.log(built ? 'Sources changed since the last build: building the console…' : 'Building the console…');
const next = `${dist}.next-${process.pid}`;
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const run = spawnSync(process.execPath, [vite, 'build', '--outDir', next, '--emptyOutDir'], {
  cwd: root,
  stdio: 'inherit',
});
if (run.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}
const old = `${dist}.old-${process.pid}`;
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
