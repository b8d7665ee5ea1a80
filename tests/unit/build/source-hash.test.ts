import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceHash } from '../../../scripts/source-hash';

describe("the build's source hash (npm start builds only when it changes)", () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lectern-hash-'));
    await mkdir(join(root, 'src/locales/en'), { recursive: true });
    await writeFile(join(root, 'src/main.tsx'), 'export {};\n');
    await writeFile(join(root, 'index.html'), '<!doctype html>\n');
    await writeFile(join(root, 'src/routeTree.gen.ts'), '// generated\n');
    await writeFile(join(root, 'src/locales/en/messages.js'), '// compiled\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('changes with a source, a new file or a build option; not with a date or a generated file', async () => {
    const before = sourceHash(root, {});
    expect(sourceHash(root, {})).toBe(before);
    await utimes(join(root, 'src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect(sourceHash(root, {}), 'touched only').toBe(before);
    await writeFile(join(root, 'src/routeTree.gen.ts'), '// generated again\n');
    await writeFile(join(root, 'src/locales/en/messages.js'), '// compiled again\n');
    expect(sourceHash(root, {}), 'generated files').toBe(before);
    expect(sourceHash(root, { LECTERN_BASE: '/panda/' }), 'base path').not.toBe(before);
    expect(sourceHash(root, { LECTERN_OFFLINE_MAX_ENTRIES: '10' }), 'offline option').not.toBe(before);
    expect(sourceHash(root, { LECTERN_DATA: '/elsewhere' }), 'a server setting').toBe(before);
    await writeFile(join(root, 'src/main.tsx'), 'export const x = 1;\n');
    const edited = sourceHash(root, {});
    expect(edited, 'edited').not.toBe(before);
    await writeFile(join(root, 'src/new.ts'), '');
    expect(sourceHash(root, {}), 'a new file').not.toBe(edited);
  });

  it('npm start skips the build when dist/ was built from these sources', async () => {
    const dist = join(root, 'dist');
    await mkdir(dist, { recursive: true });
    const repo = resolve(import.meta.dirname, '../../..');
    const env: NodeJS.ProcessEnv = { ...process.env, LECTERN_DIST: dist };
    for (const k of Object.keys(env)) if (/^LECTERN_(BASE|OFFLINE_)/.test(k)) delete env[k];
    await writeFile(
      join(dist, 'lectern-build.json'),
      JSON.stringify({ sourceHash: sourceHash(repo, env), builtAt: 'x' }),
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-changed.ts'], {
      cwd: repo,
      env,
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('no build needed');
    expect(run.status).toBe(0);
  });
});
