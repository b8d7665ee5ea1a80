import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The directions of docs/architecture.md, checked on the import graph of src/ (every relative
 * import, `import type` and `import()` included): a newcomer can trust the folder map because
 * nothing imports against it.
 */
const ROOT = process.cwd();
const SRC = join(ROOT, 'src');
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]*)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = normalize(join(dirname(from), specifier.replace(/\?.*$/, '')));
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

/** Static imports that load code at run time: not `import type`, nor `import()` (which loads on demand). */
const STATIC_VALUE = /^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+(['"])(\.{1,2}\/[^'"]*)\1/gm;

const rel = (path: string) => relative(SRC, path).split('\\').join('/');
const edges = new Map<string, string[]>();
const valueEdges = new Map<string, string[]>();
for (const file of sourceFiles(SRC)) {
  const text = readFileSync(file, 'utf8');
  const resolved = (pattern: RegExp) =>
    [...text.matchAll(pattern)]
      .map((m) => resolveImport(file, m[2] ?? ''))
      .filter((t): t is string => !!t?.startsWith(SRC) && /\.(ts|tsx)$/.test(t))
      .map(rel);
  edges.set(rel(file), resolved(SPECIFIER));
  valueEdges.set(rel(file), resolved(STATIC_VALUE));
}
const allEdges = [...edges].flatMap(([from, tos]) => tos.map((to) => [from, to] as const));

const resourceOf = (p: string) => /^resources\/([^/]+)\//.exec(p)?.[1];
const featureOf = (p: string) => /^features\/([^/]+)\//.exec(p)?.[1];
const top = (p: string) => p.split('/')[0] ?? '';
/** The server part: src/server and each resource's server/ folder; never in the console's bundle. */
const isServer = (p: string) => top(p) === 'server' || /^resources\/[^/]+\/server\//.test(p);
/** The server's infrastructure: knows no noun; nouns reach it, never the reverse (docs/architecture.md). */
const SERVER_INFRA = [
  'auth',
  'crud',
  'db',
  'events',
  'files',
  'http',
  'jobs',
  'lib',
  'media',
  'ops',
  'routes',
  'vod',
  'views',
];
const isServerInfra = (p: string) => top(p) === 'server' && SERVER_INFRA.includes(p.split('/')[1] ?? '');
/** Where the server is put together: the process, the app and the list of nouns it mounts. */
const SERVER_TOP = ['server/main.ts', 'server/app.ts', 'server/resources.ts'];
/** The one place infrastructure names nouns: the database type composes each noun's table types. */
const composesTables = (from: string, to: string) =>
  from === 'server/db/schema.ts' && /^resources\/[^/]+\/server\/table\.ts$/.test(to);
/** What the server may read from resources/ besides the server parts: the contract, the specs and their list. */
const isShared = (p: string) =>
  top(p) === 'contract' || p === 'resources/specs.ts' || /^resources\/[^/]+\/(schema|spec)\.ts$/.test(p);

const violations = (rule: (from: string, to: string) => boolean) =>
  allEdges.filter(([from, to]) => rule(from, to)).map(([from, to]) => `${from} -> ${to}`);

describe('import directions', () => {
  it('reads the whole tree', () => {
    expect(edges.size).toBeGreaterThan(300);
    expect(allEdges.length).toBeGreaterThan(1000);
  });

  it('no resource imports another resource', () => {
    expect(violations((f, t) => !!resourceOf(f) && !!resourceOf(t) && resourceOf(f) !== resourceOf(t))).toEqual([]);
  });

  it('no feature imports another feature', () => {
    expect(violations((f, t) => !!featureOf(f) && !!featureOf(t) && featureOf(f) !== featureOf(t))).toEqual([]);
  });

  it('the shell imports neither routes, resources nor features', () => {
    expect(violations((f, t) => top(f) === 'shell' && ['routes', 'resources', 'features'].includes(top(t)))).toEqual(
      [],
    );
  });

  it('shared components, lib, stores and the contract import nothing above them', () => {
    const above = ['routes', 'resources', 'features', 'shell', 'pwa'];
    expect(violations((f, t) => top(f) === 'components' && above.includes(top(t)))).toEqual([]);
    // lib/ and stores/ sit on the components' level (docs/architecture.md): lib/http-ui.ts opens the shared confirm.
    expect(violations((f, t) => ['lib', 'stores'].includes(top(f)) && above.includes(top(t)))).toEqual([]);
    expect(violations((f, t) => top(f) === 'contract' && top(t) !== 'contract')).toEqual([]);
  });

  it('the service worker and the page share only sw/protocol', () => {
    expect(violations((f, t) => top(f) === 'sw' && top(t) !== 'sw')).toEqual([]);
    expect(violations((f, t) => top(f) !== 'sw' && top(t) === 'sw' && !t.startsWith('sw/protocol/'))).toEqual([]);
  });

  it('the upload worker imports only its own folder and the contract', () => {
    expect(violations((f, t) => top(f) === 'upload' && !['upload', 'contract'].includes(top(t)))).toEqual([]);
  });

  it("the server's infrastructure imports no noun (only the database type composes their tables)", () => {
    expect(violations((f, t) => isServerInfra(f) && top(t) === 'resources' && !composesTables(f, t))).toEqual([]);
  });

  it("a noun's server part imports infrastructure, never the app that mounts it", () => {
    expect(violations((f, t) => /^resources\/[^/]+\/server\//.test(f) && SERVER_TOP.includes(t))).toEqual([]);
    expect(violations((f, t) => isServerInfra(f) && SERVER_TOP.includes(t))).toEqual([]);
  });

  it('the server imports no client code, and the client no server code', () => {
    expect(violations((f, t) => isServer(f) && !isServer(t) && !isShared(t))).toEqual([]);
    expect(violations((f, t) => !isServer(f) && isServer(t))).toEqual([]);
  });

  // Type-only imports are erased (verbatimModuleSyntax) and `import()` loads on demand, so neither
  // can make a module run before its imports; the server's base types are checked below.
  it('has no import cycles among the modules loaded at start', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, 'open');
      stack.push(node);
      for (const next of valueEdges.get(node) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, 'done');
    };
    for (const node of valueEdges.keys()) if (!state.has(node)) visit(node);
    expect(cycles).toEqual([]);
  });

  // A reader starts from the server's base types (AppConfig, ServiceBase, AuthUser): type-only
  // imports included, nothing they import leads back to them (Services is services.ts's).
  it("the server's base types (server/context.ts) are a leaf: no import, type-only or not, leads back", () => {
    const BASE = 'server/context.ts';
    const back: string[] = [];
    const seen = new Set([BASE]);
    const walk = (path: string[]) => {
      for (const next of edges.get(path.at(-1) ?? '') ?? []) {
        if (next === BASE) back.push([...path, next].join(' -> '));
        else if (!seen.has(next)) {
          seen.add(next);
          walk([...path, next]);
        }
      }
    };
    walk([BASE]);
    expect(edges.get(BASE)?.length).toBeGreaterThan(0);
    expect(back).toEqual([]);
  });
});

/**
 * Knowing a noun without importing it: the infrastructure names no noun's table nor its statuses;
 * what it needs of a noun the noun hands it (NounServer, src/server/http/noun.ts). The tables are
 * those db/schema.ts composes from the nouns' table.ts; the statuses are the nouns' `*_STATUSES`.
 * Only db/schema.ts, the migrations, resources.ts (which lists the nouns) and the reports
 * (server/reports/, which read across nouns) may name them.
 */
describe('what the infrastructure knows of the nouns', () => {
  const read = (path: string) => readFileSync(join(SRC, path), 'utf8');
  const schema = read('server/db/schema.ts');
  const nounTypes = new Set(
    [...schema.matchAll(/import type \{([^}]*)\} from '\.\.\/\.\.\/resources\/[^/]+\/server\/table'/g)].flatMap((m) =>
      (m[1] ?? '').split(',').map((t) => t.trim()),
    ),
  );
  const database = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  const tables = [...database.matchAll(/^\s*(\w+): (\w+);/gm)]
    .filter((m) => nounTypes.has(m[2] ?? ''))
    .map((m) => m[1] ?? '');
  /** The staff table is the accounts auth signs in against: sessions and credentials read it. */
  const ACCOUNTS = ['server/auth/', 'server/db/repositories/', 'server/vod/credentials.ts'];

  const statusSources = [
    'contract/values.ts',
    ...readdirSync(join(SRC, 'resources')).flatMap((noun) =>
      ['spec.ts', 'schema.ts'].map((f) => `resources/${noun}/${f}`).filter((f) => existsSync(join(SRC, f))),
    ),
  ];
  const statusesOf = (text: string) =>
    [...text.matchAll(/export const (\w+)_STATUSES = \[([^\]]*)\]/g)].map(
      (m) => [m[1] ?? '', [...(m[2] ?? '').matchAll(/'([^']+)'/g)].map((v) => v[1] ?? '')] as const,
    );
  const declared = statusSources.flatMap((f) => statusesOf(read(f)));
  // Staff accounts' statuses are auth's to check (and a reader's are the same words).
  const staff = new Set(declared.find(([name]) => name === 'STAFF')?.[1]);
  const statuses = [...new Set(declared.flatMap(([, values]) => values))].filter((v) => !staff.has(v));

  const infrastructure = sourceFiles(join(SRC, 'server'))
    .map(rel)
    .filter(
      (p) =>
        p !== 'server/resources.ts' &&
        p !== 'server/db/schema.ts' &&
        !p.startsWith('server/db/migrations/') &&
        // Reports read across nouns' tables by design (the loans report: applications, books,
        // categories); like resources.ts they sit above the infrastructure, which imports none.
        !p.startsWith('server/reports/'),
    );
  /** The code without its comments, which may well speak of books and videos. */
  const code = (path: string) =>
    read(path)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const TABLE_AT = [
    /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|with)\(\s*['"](\w+)/g,
    /\btable:\s*['"](\w+)/g,
    /Database\[['"](\w+)['"]\]/g,
    /`[^`]*\b(?:from|join|into|update)\s+(\w+)/gi,
  ];

  it('reads the nouns: their tables and statuses', () => {
    expect(tables).toEqual(expect.arrayContaining(['book', 'category_subclass', 'application', 'video', 'site_link']));
    expect(tables).not.toContain('session');
    expect(statuses).toEqual(expect.arrayContaining(['pending', 'unread', 'on_shelf', 'Normal', 'Uploading']));
    expect(statuses).not.toContain('active');
    expect(infrastructure.length).toBeGreaterThan(100);
  });

  it('names no noun table', () => {
    const named = infrastructure.flatMap((path) => {
      const text = code(path);
      return TABLE_AT.flatMap((re) => [...text.matchAll(re)].map((m) => m[1] ?? ''))
        .filter((t) => tables.includes(t))
        .filter((t) => !(t === 'staff' && ACCOUNTS.some((a) => path.startsWith(a))))
        .map((t) => `${path}: ${t}`);
    });
    expect(named).toEqual([]);
  });

  /** The same word for something else: the readiness probe's state is no hold that is `ready`. */
  const HOMONYMS: Record<string, readonly string[]> = { 'server/ops/health.ts': ['ready'] };

  it("names no noun's status", () => {
    const named = infrastructure.flatMap((path) => {
      const text = code(path);
      return statuses
        .filter((s) => !HOMONYMS[path]?.includes(s))
        .filter((s) => new RegExp(`['"\`]${s}['"\`]`).test(text))
        .map((s) => `${path}: ${s}`);
    });
    expect(named).toEqual([]);
  });
});

describe('the build configuration', () => {
  it('keeps the server parts out of the console and worker programs', () => {
    for (const name of ['tsconfig.app.json', 'tsconfig.unit.json']) {
      const config = JSON.parse(readFileSync(join(ROOT, name), 'utf8')) as { exclude: string[] };
      expect(config.exclude).toEqual(expect.arrayContaining(['src/server', 'src/resources/*/server']));
    }
  });
});
