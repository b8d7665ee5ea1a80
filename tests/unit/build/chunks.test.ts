import { describe, expect, it } from 'vitest';
import { ImportGraph } from '../../../scripts/chunks';

/** A small module graph, as the bundler would report it: ids are paths, specifiers relative. */
const modules: Record<string, string> = {
  '/app/page.js': `import { Button } from '/lib/index.js'; import './side.js'; export const page = 1;`,
  '/app/side.js': `export const side = 1;`,
  '/app/all.js': `import * as lib from '/lib/index.js'; export const all = lib;`,
  // A library's index as bundled libraries ship it: imports, then one export list.
  '/lib/index.js': `"use client";
    import { Button } from './button.js';
    import { Select } from './select.js';
    import * as icons from './icons.js';
    export { Button, Select, icons };
    export * from './more.js';`,
  '/lib/button.js': `import { base } from './base.js'; export const Button = base;`,
  '/lib/select.js': `import { base } from './base.js'; export const Select = base;`,
  '/lib/base.js': `export const base = 1;`,
  '/lib/icons.js': `export const A = 1;`,
  '/lib/more.js': `export const Extra = 1;`,
  '/app/extra.js': `import { Extra } from '/lib/index.js'; export const x = Extra;`,
};

const exportsOf = (code: string) => [...code.matchAll(/export const (\w+)/g)].map((m) => m[1] as string);
const graph = () =>
  new ImportGraph(
    (id) => (modules[id] ? { code: modules[id], importedIds: [], exports: exportsOf(modules[id]) } : null),
    async (spec, importer) => (spec.startsWith('/') ? spec : new URL(spec, `file://${importer}`).pathname),
  );

describe('ImportGraph', () => {
  it('follows a named import through a library index to that module only', async () => {
    const reached = await graph().reach(['/app/page.js']);
    expect([...reached].sort()).toEqual(['/app/page.js', '/app/side.js', '/lib/base.js', '/lib/button.js']);
  });

  it('takes a whole library for a namespace import', async () => {
    const reached = await graph().reach(['/app/all.js']);
    expect(reached.has('/lib/select.js')).toBe(true);
    expect(reached.has('/lib/icons.js')).toBe(true);
  });

  it('finds a name re-exported with `export *`, and only in the module that has it', async () => {
    const reached = await graph().reach(['/app/extra.js']);
    expect([...reached].sort()).toEqual(['/app/extra.js', '/lib/more.js']);
  });
});
