import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What a build of the console is made from: the files below and the build options read from the
 * environment. `npm start` compares its hash with the one the last build recorded in
 * dist/lectern-build.json and builds only when they differ.
 */
const INPUTS = [
  'src',
  'public',
  'scripts',
  'index.html',
  'login.html',
  'vite.config.ts',
  'lingui.config.ts',
  'tsr.config.json',
  'package.json',
  'package-lock.json',
];
/** Outputs of a build or of tools, not inputs (git-ignored). */
const GENERATED = [/^src\/routeTree\.gen\.ts$/, /^src\/locales\/[^/]+\/messages\.(js|ts)$/];
const BUILD_ENV = /^LECTERN_(BASE|OFFLINE_.*)$/;

export function sourceHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (path: string) => {
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name));
    else if (st.isFile()) files.push(path);
  };
  for (const input of INPUTS) walk(join(root, input));
  for (const file of files) {
    const name = relative(root, file).split('\\').join('/');
    if (GENERATED.some((re) => re.test(name))) continue;
    hash.update(`${name}\0`).update(readFileSync(file)).update('\0');
  }
  for (const key of Object.keys(env)
    .filter((k) => BUILD_ENV.test(k))
    .sort())
    hash.update(`${key}=${env[key]}\0`);
  return hash.digest('hex');
}
