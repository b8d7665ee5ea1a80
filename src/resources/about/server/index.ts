import { Hono } from 'hono';
import { currentUser } from '../../../server/auth/middleware';
import type { AppEnv } from '../../../server/context';
import { auditEntry } from '../../../server/crud/audit-entry';
import type { Db } from '../../../server/crud/types';
import { staleVersion } from '../../../server/crud/write';
import { diffRecords, recordTitleOf, writeAudit } from '../../../server/db/repositories/audit';
import type { Database } from '../../../server/db/schema';
import { ok } from '../../../server/http/envelope';
import type { NounServer } from '../../../server/http/noun';
import { readJson } from '../../../server/http/validate';
import type { Services } from '../../../server/services';
import { type About, aboutUpdateSchema, type SiteLink, urlListUpdateSchema } from '../schema';
import { aboutSpec } from '../spec';
import { aboutSeed } from './seed';

/** About us is one record; it exists (version 0, empty) before anyone saves it. */
const ABOUT_ID = 1;
/** The site links' list as the audit trail names it (migration 0013 gave older rows the same). */
const SITE_LINKS_ID = 0;
const SITE_LINKS_TITLE = 'Site links';

function toAbout(r: Database['about'] | undefined, at: string): About {
  return {
    id: ABOUT_ID,
    name: r?.name ?? null,
    intro: r?.intro ?? null,
    address: r?.address ?? null,
    phone: r?.phone ?? null,
    email: r?.email ?? null,
    logoUrl: r?.logo_url ?? null,
    version: r?.version ?? 0,
    createdAt: r?.created_at ?? at,
    updatedAt: r?.updated_at ?? at,
  };
}

const readAbout = (db: Db) => db.selectFrom('about').selectAll().where('id', '=', ABOUT_ID).executeTakeFirst();
const readLinks = (db: Db): Promise<SiteLink[]> =>
  db.selectFrom('site_link').select(['id', 'name', 'url', 'sort']).orderBy('sort').orderBy('id').execute();

/** GET /company/list, PUT /company, GET /url/list, PUT /url: each write audited in its transaction. */
export function aboutServer(services: Services): NounServer {
  const about = new Hono<AppEnv>();
  about.get('/list', async (c) => {
    return ok(c, [toAbout(await readAbout(services.db), services.now().toISOString())]);
  });

  about.put('/', async (c) => {
    const input = await readJson(c, aboutUpdateSchema, ['createdAt', 'updatedAt']);
    const user = currentUser(c);
    const out = await services.db.transaction().execute(async (trx) => {
      const at = services.now().toISOString();
      const before = await readAbout(trx);
      const current = before?.version ?? 0;
      if (input.version !== undefined && input.version !== current)
        throw staleVersion(current, input.version, toAbout(before, at));
      const columns = {
        name: input.name ?? null,
        intro: input.intro ?? null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
        logo_url: input.logoUrl ?? null,
        version: current + 1,
        updated_at: at,
      };
      if (before) {
        const res = await trx
          .updateTable('about')
          .set(columns)
          .where('id', '=', ABOUT_ID)
          .where('version', '=', current)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw staleVersion(current + 1, current);
      } else {
        // Two first saves racing: the primary key lets one in; the other fails and is retried by its user.
        await trx
          .insertInto('about')
          .values({ id: ABOUT_ID, ...columns, created_at: at })
          .execute();
      }
      const after = toAbout(await readAbout(trx), at);
      const changes = diffRecords(toAbout(before, at), after);
      const title = recordTitleOf(after);
      await writeAudit(trx, auditEntry(user, before ? 'update' : 'create', 'about', ABOUT_ID, at, changes, title));
      return after;
    });
    return ok(c, out);
  });

  const links = new Hono<AppEnv>();
  links.get('/list', async (c) => ok(c, await readLinks(services.db)));

  links.put('/', async (c) => {
    const input = await readJson(c, urlListUpdateSchema);
    const user = currentUser(c);
    const out = await services.db.transaction().execute(async (trx) => {
      const at = services.now().toISOString();
      const before = await readLinks(trx);
      await trx.deleteFrom('site_link').execute();
      if (input.length > 0) {
        await trx
          .insertInto('site_link')
          .values(input.map((l) => ({ name: l.name, url: l.url, sort: l.sort, created_at: at, updated_at: at })))
          .execute();
      }
      const after = await readLinks(trx);
      // The links are part of About us: for the trail, one record of the noun (id 0, titled as
      // the links, beside About us' own record 1) with the whole list before and after.
      const strip = (ls: SiteLink[]) => ls.map(({ name, url, sort }) => ({ name, url, sort }));
      const changes = diffRecords({ links: strip(before) }, { links: strip(after) });
      await writeAudit(trx, auditEntry(user, 'update', 'about', SITE_LINKS_ID, at, changes, SITE_LINKS_TITLE));
      return after;
    });
    return ok(c, out);
  });

  return {
    routes: { [`/${aboutSpec.api}`]: about, '/url': links },
    // About us is one record: Home counts its site links instead.
    figures: {
      count: async (db) =>
        Number(
          (
            await db
              .selectFrom('site_link')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
    },
    seed: aboutSeed,
  };
}
