import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** README's folder map is a newcomer's first hop: it must name exactly the folders that exist. */
const ROOT = process.cwd();
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const map = /## Where things are[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const dirs = (path: string) =>
  readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

describe("README's folder map", () => {
  it('lists every folder of src/ and no other', () => {
    const listed = [...map.matchAll(/^ {2}([a-z-]+)\/ /gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(dirs('src'));
  });

  it('names every resource folder', () => {
    const line = /resources\/[^\n]*\n[^\n]*\n/.exec(map)?.[0] ?? '';
    const named = [...line.replace(/^resources\/\s+one folder per resource:/, '').matchAll(/[a-z-]+/g)]
      .map((m) => m[0])
      .sort();
    expect(named).toEqual(dirs('src/resources'));
  });

  it('names every screen that is not a resource', () => {
    for (const feature of dirs('src/features')) expect(map).toContain(feature);
  });
});
