import type { Kysely } from 'kysely';
import type { Database, TableName } from './schema';
import { BANNERS, COMPANY, LINKS, MESSAGES, NEWS_ITEMS, REPLIES, RESOURCES } from './seed-demo-content-data';
import { DEMO_CATALOGUE, FIRST_NAMES, LAST_NAMES } from './seed-demo-data';
import { mulberry32, pickWith } from './seed-random';

type Db = Kysely<Database>;
const READERS = 200;
const APPLICATIONS = 300;
const MESSAGE_COUNT = 60;
const DAY = 86_400_000;

async function isEmpty(db: Db, table: TableName): Promise<boolean> {
  const row = await (db as unknown as Kysely<Record<string, { id: number }>>)
    .selectFrom(table)
    .select('id')
    .limit(1)
    .executeTakeFirst();
  return !row;
}

/** Insert in chunks: one statement per few hundred rows stays under every engine's parameter limit. */
async function insertAll<T extends TableName>(
  db: Db,
  table: T,
  rows: Parameters<ReturnType<Db['insertInto']>['values']>[0][],
) {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
  return rows.length;
}

/**
 * Demo readers, applications, messages, news, banners, resources, bibliography, about us and links.
 * Each part runs only while its table is empty, so a restart with LECTERN_SEED=demo adds nothing.
 * Dates spread over the last 60 days so the home charts have something to show.
 */
export async function seedDemoContent(
  trx: Db,
  now: Date,
  bannerPictures?: (trx: Db) => Promise<string[]>,
): Promise<Record<string, number>> {
  const rand = mulberry32(7);
  const pick = pickWith(rand);
  const ago = (maxDays: number) => new Date(now.getTime() - Math.floor(rand() * maxDays * DAY)).toISOString();
  const meta = (at: string) => ({ version: 0, created_at: at, updated_at: at });
  const added: Record<string, number> = {};

  if (await isEmpty(trx, 'reader')) {
    const rows = Array.from({ length: READERS }, (_, i) => {
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      const at = ago(60);
      return {
        nick_name: `${first} ${last}`,
        phone: `139${String(10_000_000 + i * 4_111).padStart(8, '0')}`,
        email:
          rand() < 0.7 ? `${`${first}.${last}${i}`.toLowerCase().replace(/[^a-z0-9.]/g, '')}@mail.example.org` : null,
        gender: pick(['male', 'female', 'other', null] as const),
        status: rand() < 0.95 ? 'active' : 'disabled',
        avatar_url: null,
        ...meta(at),
      };
    });
    added.readers = await insertAll(trx, 'reader', rows);
  }

  if (await isEmpty(trx, 'application')) {
    const readers = await trx
      .selectFrom('reader')
      .select(['id', 'created_at'])
      .where('status', '=', 'active')
      .execute();
    const books = await trx.selectFrom('book').select(['id', 'stock']).where('status', '=', 'on_shelf').execute();
    const admin = await trx.selectFrom('staff').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirst();
    const stock = new Map(books.map((b) => [b.id, b.stock]));
    const rows = [];
    for (let i = 0; i < APPLICATIONS && readers.length > 0 && books.length > 0; i++) {
      const reader = pick(readers);
      const book = pick(books);
      const at = new Date(Math.max(Date.parse(reader.created_at), Date.parse(ago(60)))).toISOString();
      const r = rand();
      let status = r < 0.25 ? 'pending' : r < 0.5 ? 'approved' : r < 0.65 ? 'rejected' : 'returned';
      // An approved loan holds a copy: only while one is left, and the stock shows it.
      if (status === 'approved') {
        const left = stock.get(book.id) ?? 0;
        if (left > 0) stock.set(book.id, left - 1);
        else status = 'pending';
      }
      const handled = status !== 'pending';
      const handledAt = new Date(Math.min(now.getTime(), Date.parse(at) + Math.floor(rand() * 3 * DAY))).toISOString();
      rows.push({
        user_id: reader.id,
        book_id: book.id,
        status,
        remark: status === 'rejected' ? 'No copies expected soon' : null,
        handled_by: handled ? (admin?.name ?? null) : null,
        handled_by_id: handled ? (admin?.id ?? null) : null,
        handled_at: handled ? handledAt : null,
        version: handled ? 1 : 0,
        created_at: at,
        updated_at: handled ? handledAt : at,
      });
    }
    added.applications = await insertAll(trx, 'application', rows);
    for (const b of books) {
      const left = stock.get(b.id);
      if (left !== undefined && left !== b.stock)
        await trx.updateTable('book').set({ stock: left }).where('id', '=', b.id).execute();
    }
  }

  if (await isEmpty(trx, 'message')) {
    const rows = Array.from({ length: MESSAGE_COUNT }, () => {
      const r = rand();
      const status = r < 0.35 ? 'replied' : r < 0.65 ? 'read' : 'unread';
      return {
        reader_name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        contact: rand() < 0.5 ? `${Math.floor(rand() * 9e7 + 1e7)}@mail.example.org` : null,
        content: pick(MESSAGES),
        reply: status === 'replied' ? pick(REPLIES) : null,
        status,
        ...meta(ago(45)),
      };
    });
    added.messages = await insertAll(trx, 'message', rows);
  }

  if (await isEmpty(trx, 'news')) {
    const rows = NEWS_ITEMS.map(([title, summary, body], i) => {
      const at = ago(90);
      const published = i % 4 !== 3;
      return {
        title,
        summary,
        content: `<h2>${title}</h2><p>${summary}</p><p>${body}</p><ul><li>Ask at the front desk</li><li>Or <a href="mailto:desk@library.example.org">write to us</a></li></ul>`,
        cover_url: null,
        status: published ? 'published' : 'draft',
        published_at: published ? at : null,
        ...meta(at),
      };
    });
    added.news = await insertAll(trx, 'news', rows);
  }

  if (await isEmpty(trx, 'banner')) {
    const pictures = (await bannerPictures?.(trx)) ?? [];
    const rows = BANNERS.map(([title, link], i) => ({
      title,
      image_url: pictures[i] ?? `/banners/banner-${i + 1}.jpg`,
      link_url: link,
      sort: i,
      enabled: i < 4 ? 1 : 0,
      ...meta(ago(30)),
    }));
    added.banners = await insertAll(trx, 'banner', rows);
  }

  if (await isEmpty(trx, 'site_resource')) {
    const cats = await trx.selectFrom('category').select('id').orderBy('sort').execute();
    const rows = RESOURCES.map(([title, type, url]) => ({
      title,
      type,
      url,
      description: `${title}: free for every reader.`,
      category_id: cats.length > 0 && rand() < 0.7 ? pick(cats).id : null,
      ...meta(ago(60)),
    }));
    added.resources = await insertAll(trx, 'site_resource', rows);
  }

  if (await isEmpty(trx, 'bibliography')) {
    const classics = DEMO_CATALOGUE.flatMap((c) => Object.values(c.subclasses).flatMap((s) => s.classics));
    const rows = classics.map(([title, author, year]) => ({
      title,
      author,
      publisher: null,
      // The contract's year bounds (1000..next year): older works are listed without one.
      year: year >= 1000 ? year : null,
      isbn: null,
      notes: year < 1900 ? 'Many editions; any complete translation will do.' : null,
      ...meta(ago(60)),
    }));
    added.bibliography = await insertAll(trx, 'bibliography', rows);
  }

  if (await isEmpty(trx, 'about')) {
    const at = now.toISOString();
    await trx
      .insertInto('about')
      .values({ id: 1, ...COMPANY, logo_url: null, ...meta(at) })
      .execute();
    added.about = 1;
  }
  if (await isEmpty(trx, 'site_link')) {
    const at = now.toISOString();
    const rows = LINKS.map(([name, url], sort) => ({ name, url, sort, created_at: at, updated_at: at }));
    added.links = await insertAll(trx, 'site_link', rows);
  }
  return added;
}
