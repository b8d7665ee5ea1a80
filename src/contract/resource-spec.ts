import type { Role } from './auth';

/**
 * Who may open a screen and call its API: every signed-in member, or only the roles listed. Spelled
 * out on every console route ('everyone' rather than a missing field), so a forgotten declaration
 * is a type error or a failing test instead of an open door.
 */
export type Roles = 'everyone' | readonly Role[];

export function allows(allowed: Roles, have: readonly Role[]): boolean {
  return allowed === 'everyone' || have.some((r) => allowed.includes(r));
}

/** Icon names of docs/product.md §2's icon set; mapped to one icon library in shell/menu-icons.tsx. */
export type IconName =
  | 'dashboard'
  | 'component'
  | 'education'
  | 'star'
  | 'documentation'
  | 'list'
  | 'zip'
  | 'pdf'
  | 'tree'
  | 'tree-table'
  | 'guide'
  | 'people'
  | 'user'
  | 'lock'
  | 'password'
  | 'message'
  | 'email'
  | 'form'
  | 'example'
  | 'table'
  | 'upload';

/**
 * One list filter: its kind decides the URL parser (components/resource/list/spec-search.ts), the page
 * schema's field (contract/spec-schema.ts) and the SQL condition (server/crud/filters.ts).
 */
export type FilterSpec =
  /** A record id (a foreign key): `column = value`. */
  (
    | { kind: 'ref'; column: string }
    /** One of an enum's values: `column = value`. */
    | { kind: 'enum'; values: readonly [string, ...string[]]; column: string }
    /** Yes/no, stored as 1/0 on both engines: `column = 1|0`. */
    | { kind: 'bool'; column: string }
    | RangeSpec
  ) & {
    /** false: the API takes it, the console's screen does not offer it (so the URL ignores it). */
    screen?: false;
  };

/**
 * A range over one column, taken as two parameters (`params`: lower, upper; either may be absent,
 * both inclusive). 'number': whole numbers, `stockMin`/`stockMax`. 'date': `createdFrom`/`createdTo`, each a
 * calendar day or an ISO instant; the console sends instants (the user's days in the user's time
 * zone), a bare day is that whole day in UTC. The upper bound must not be below the lower one.
 */
export type RangeSpec = {
  kind: 'numberRange' | 'dateRange';
  column: string;
  params: readonly [lower: string, upper: string];
};

/** A record id filter; `screen: false` for one the API takes and the screen does not offer. */
export const refFilter = <const O extends { screen?: false }>(column: string, options?: O) =>
  ({ kind: 'ref', column, ...(options as O) }) as const;
/** One of `values`. */
export const enumFilter = <const V extends readonly [string, ...string[]]>(values: V, column: string) =>
  ({ kind: 'enum', values, column }) as const;
/** Yes/no. */
export const boolFilter = (column: string) => ({ kind: 'bool', column }) as const;
/** The calendar days of `{table}.{name}_at`, taken as `{name}From` and `{name}To`. */
export const dayRange = <const N extends string>(table: string, name: N) =>
  ({ kind: 'dateRange', column: `${table}.${name}_at`, params: [`${name}From`, `${name}To`] }) as const;

/** The parameters a filter takes: its own name, or a range's two. */
export const filterParams = (name: string, f: FilterSpec): readonly string[] =>
  f.kind === 'numberRange' || f.kind === 'dateRange' ? f.params : [name];

/**
 * What a resource is, declared once and read by the console and the server alike: plain data, no
 * zod and no Lingui, so the route tree, the worker and the server can all import it.
 */
export interface ResourceSpec {
  /** Path under /prod-api without the leading slash (docs/api.md): 'book', 'category/subclass'. */
  api: string;
  /** The screen edits one record in place (About us) instead of listing records. */
  single?: true;
  roles: Roles;
  /**
   * Menu entry of the noun's screen (its title is translated, so it stays on the route). `screen`
   * is the console URL (docs/glossary.md), the route file's path as data the build and Home read.
   */
  menu?: { screen: string; icon: IconName; order: number };
  sorts?: readonly [string, ...string[]];
  /** The filters every layer derives from; filters no kind describes stay written by hand. */
  filters?: Record<string, FilterSpec>;
}

export const defineSpec = <const S extends ResourceSpec>(spec: S): S => spec;
