import type { Kysely } from 'kysely';
import type { Database, TableName } from '../schema';
import type { DemoPictures, StoredPicture } from './pictures';
import type { Rand } from './random';

type Db = Kysely<Database>;

/** What a noun's part of the demo works with (db/seed/demo.ts builds it once per run). */
export interface DemoContext {
  /** The one transaction of the whole seed. */
  trx: Db;
  now: Date;
  /**
   * The demo's one stream of random numbers, drawn by the parts in their order: the same order
   * gives the same data, so a part that draws runs `after` the part that drew before it.
   */
  rand: Rand;
  /** One of `xs`, drawn from `rand`. */
  pick<T>(xs: readonly T[]): T;
  /** A moment up to `maxDays` before `now`, drawn from `rand`. */
  ago(maxDays: number): string;
  /** Generated pictures in the image library: their addresses (none without a data folder). */
  pictures(spec: DemoPictures): Promise<string[]>;
}

/** A noun's part of the demo data (NounServer.seed). */
export interface DemoSeed {
  /** Nouns whose parts run first: their rows are read, or they drew from the stream before it. */
  after?: readonly string[];
  /** Adds its rows, only while its table is empty; returns what it added (`{ books: 300 }`). */
  run?(ctx: DemoContext): Promise<Partial<Record<string, number>>>;
  /** The image library keeps a generated picture (the image noun). */
  keepPicture?(trx: Db, picture: StoredPicture): Promise<void>;
}

export async function isEmpty(db: Db, table: TableName): Promise<boolean> {
  const row = await (db as unknown as Kysely<Record<string, { id: number }>>)
    .selectFrom(table)
    .select('id')
    .limit(1)
    .executeTakeFirst();
  return !row;
}

/** Insert in chunks: one statement per few hundred rows stays under every engine's parameter limit. */
export async function insertAll<T extends TableName>(
  db: Db,
  table: T,
  rows: Parameters<ReturnType<Db['insertInto']>['values']>[0][],
): Promise<number> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
  return rows.length;
}

/** A new record's version and times. */
export const recordMeta = (at: string) => ({ version: 0, created_at: at, updated_at: at });
