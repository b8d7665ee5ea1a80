import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { DemoContext, DemoSeed } from './parts';
import { generatePictures, removeDemoPictures } from './pictures';
import { mulberry32, pickWith } from './random';

const DAY = 86_400_000;

/**
 * LECTERN_SEED=demo: each noun's part of the demo (NounServer.seed, in its server folder), run in
 * the order their `after` asks (categories before subclasses before books …; among parts free to
 * run, in the order given), in one transaction, so a failed seed leaves the database as it was.
 * Each part adds rows only while its table is empty, and the catalogue's parts only while there are
 * no books, so restarting with the flag set never duplicates anything and a database with books
 * keeps its catalogue. Deterministic: one seeded stream of random numbers runs through the parts.
 * With `dataDir`, books and banners get generated pictures in the image library.
 */
export async function seedDemo(
  db: Kysely<Database>,
  nouns: Readonly<Record<string, { seed?: DemoSeed }>>,
  now: Date,
  dataDir?: string,
): Promise<Record<string, number>> {
  const seeds = Object.fromEntries(Object.entries(nouns).map(([noun, n]) => [noun, n.seed]));
  const parts = runOrder(seeds);
  const keep = Object.values(seeds).find((s) => s?.keepPicture)?.keepPicture;
  const stored: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const rand = mulberry32(7);
      const ctx: DemoContext = {
        trx,
        now,
        rand,
        pick: pickWith(rand),
        ago: (maxDays) => new Date(now.getTime() - Math.floor(rand() * maxDays * DAY)).toISOString(),
        pictures: async (spec) =>
          dataDir && keep ? generatePictures(dataDir, now.toISOString(), spec, stored, (p) => keep(trx, p)) : [],
      };
      const added: Record<string, number> = {};
      for (const run of parts) Object.assign(added, await run(ctx));
      return added;
    });
  } catch (err) {
    if (dataDir) await removeDemoPictures(dataDir, stored);
    throw err;
  }
}

/** The parts' `run`s, each after the parts it names; a name without a part, or a circle, is a bug. */
function runOrder(seeds: Readonly<Record<string, DemoSeed | undefined>>): NonNullable<DemoSeed['run']>[] {
  const parts = Object.entries(seeds).flatMap(([noun, s]) =>
    s?.run ? [{ noun, after: s.after ?? [], run: s.run }] : [],
  );
  const nouns = new Set(parts.map((p) => p.noun));
  for (const p of parts)
    for (const a of p.after)
      if (!nouns.has(a)) throw new Error(`demo seed: ${p.noun} runs after ${a}, which has no part`);
  const done = new Set<string>();
  const order: NonNullable<DemoSeed['run']>[] = [];
  while (order.length < parts.length) {
    const next = parts.find((p) => !done.has(p.noun) && p.after.every((a) => done.has(a)));
    if (!next) throw new Error('demo seed: its parts wait on each other');
    done.add(next.noun);
    order.push(next.run);
  }
  return order;
}
