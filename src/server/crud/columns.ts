import type { RecordMeta } from '../../contract/common';
import { type RowOf, rowMeta, snakeCase } from './from-spec';
import type { Db } from './types';

type Field<Out> = Exclude<keyof Out & string, keyof RecordMeta>;

/** `publishDate` → `publish_date`, as `snakeCase` does at run time. */
type Snake<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${Snake<Rest>}`
  : S;

/**
 * Columns of `Row` whose value can stand for a field of type `V` as it is: the same type, or a
 * wider one that the record narrows (a status stored as text).
 */
type ColumnFor<Row, V> = {
  [C in keyof Row & string]: [Row[C]] extends [V] ? C : [V] extends [Row[C]] ? C : never;
}[keyof Row & string];

/** A field kept in another form: `read` turns the column's value into the field's. */
type Converted<Row, V> = {
  [C in keyof Row & string]: {
    column: C;
    read: (value: Row[C]) => V;
    /** The input's value as stored; default as it is. `false`: never written. */
    write?: ((value: V) => unknown) | false;
  };
}[keyof Row & string];

/** A field read as it is and never written from input: a joined name, a value the server sets. */
type ReadOnly<Row, V> = { column: ColumnFor<Row, V>; write: false };

/** A field stored as it is under another column's name (the application's `userId`: `reader_id`). */
type Renamed<Row, V> = { column: ColumnFor<Row, V>; read?: never; write?: never };

/** Fields whose own snake-case column holds their type, so they need no entry in the exceptions. */
type AsIs<Out, Row> = { [K in Field<Out>]: Snake<K> extends ColumnFor<Row, Out[K]> ? K : never }[Field<Out>];

type Exception<Out, Row, K extends Field<Out>> = Converted<Row, Out[K]> | ReadOnly<Row, Out[K]> | Renamed<Row, Out[K]>;

/** An entry for each listed field that is not stored as it is; any other listed field may have one. */
export type ColumnExceptions<Out, Row, F extends Field<Out>> = {
  [K in Exclude<F, AsIs<Out, Row>>]: Exception<Out, Row, K>;
} & { [K in F]?: Exception<Out, Row, K> };

/** Compiles only when the list names every field of the record. */
type Complete<Out, F extends string> = [Exclude<Field<Out>, F>] extends [never]
  ? unknown
  : { missingFields: Exclude<Field<Out>, F> };

interface MetaRow {
  id: number;
  version: number;
  created_at: string;
  updated_at: string;
}

interface Entry {
  field: string;
  column: string;
  read?: (value: never) => unknown;
  write?: ((value: never) => unknown) | false;
}

/**
 * One declaration of how a resource is stored: its `select` (the one query behind list rows and
 * single records) and its fields, from which both directions are derived: the API record from a
 * row (`toApi`: id, the fields in the order listed, then version and times), and the columns a
 * create or update writes from validated input (`toColumns`; a missing optional value is NULL). A
 * field is stored in the column of its name in snake case unless `exceptions` says otherwise; the
 * types check both against the row, and that every field of the record is listed. Called twice
 * (`columnMap<Out>()(select, fields, exceptions)`) so that the row and the list's names are
 * inferred while the record type is given. Spread into `defineResource`: select, toApi, toColumns.
 */
export function columnMap<Out extends RecordMeta>() {
  return <S extends (db: Db) => { executeTakeFirstOrThrow(): Promise<MetaRow> }, const F extends readonly Field<Out>[]>(
    select: S,
    fields: F & Complete<Out, F[number]>,
    ...[exceptions]: Exclude<F[number], AsIs<Out, RowOf<S>>> extends never
      ? [exceptions?: ColumnExceptions<Out, RowOf<S>, F[number]>]
      : [exceptions: ColumnExceptions<Out, RowOf<S>, F[number]>]
  ) => {
    type Row = RowOf<S>;
    const special = (exceptions ?? {}) as Record<string, Omit<Entry, 'field'>>;
    const entries: Entry[] = fields.map((field) => ({ field, column: snakeCase(field), ...special[field] }));
    return {
      select,
      toApi(row: Row): Out {
        const r = row as unknown as Record<string, unknown>;
        const out: Record<string, unknown> = { id: row.id };
        for (const e of entries) out[e.field] = e.read ? e.read(r[e.column] as never) : r[e.column];
        return { ...out, ...rowMeta(row) } as unknown as Out;
      },
      toColumns(input: object): Record<string, unknown> {
        const i = input as Record<string, unknown>;
        const columns: Record<string, unknown> = {};
        for (const e of entries) {
          if (e.write === false) continue;
          columns[e.column] = e.write ? e.write(i[e.field] as never) : (i[e.field] ?? null);
        }
        return columns;
      },
    };
  };
}
