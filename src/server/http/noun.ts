import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Role } from '../../contract/auth';
import type { CountsEvent } from '../../contract/events';
import type { DataPoint, VodResource } from '../../contract/system';
import type { AppEnv } from '../context';
import type { RegisteredResource } from '../crud/types';
import type { Database } from '../db/schema';
import type { DemoSeed } from '../db/seed/parts';
import type { Services } from '../services';
import type { VideoHooks } from '../vod/hooks';

type Db = Kysely<Database>;

/** A menu badge a noun counts: one number of the live stream's `counts` event (events/counts.ts). */
export interface Badge {
  /** Its key in the `counts` event. */
  key: keyof CountsEvent;
  /** The number, straight from the database (one indexed count). */
  count(db: Db): Promise<number>;
  /** Nouns whose change events may move it (the events' `resource`); absent: the noun's own. */
  staleOn?: readonly string[];
  /** Who sees it; absent: whoever may see the noun's records. */
  roles?: readonly Role[];
  /** Counted again this often while consoles listen: a number that time alone moves (overdue loans). */
  refreshMs?: number;
}

/** A noun's figures on Home (routes/system.ts). */
export interface Figures {
  /**
   * Its `/system/info` count when it is not the number of its records (About: its site links);
   * false for a setting, which has a record but nothing to count (the loan policy).
   */
  count?: ((db: Db) => Promise<number>) | false;
  /** The `/system/data/list` series its records' creation days make. */
  series?: Exclude<keyof DataPoint, 'date'>;
  /** `/system/vod-resource`: the video library's size. */
  library?: (db: Db) => Promise<VodResource>;
}

/**
 * What one noun's server part (`resources/<noun>/server/index.ts`) gives the app: its sub-apps,
 * and what the infrastructure needs to know of it (badges, Home's figures, its demo data, the
 * video service's hooks), so the infrastructure never names a noun's table or statuses.
 */
export interface NounServer {
  /** Sub-apps by path under /prod-api (its spec's API path), mounted behind the token check. */
  routes: Record<string, Hono<AppEnv>>;
  /** Sub-apps answered before the token check (a stored image: an `<img>` sends no token). */
  publicRoutes?: Record<string, Hono<AppEnv>>;
  /** POST routes (paths under /prod-api) that take a file larger than a JSON body may be. */
  uploads?: Record<string, { bytes: number; what: string; limit: string }>;
  /** The records it writes, for presence, live events and the system counts; absent: none. */
  resource?: RegisteredResource;
  /** The menu badges it counts. */
  badges?: readonly Badge[];
  /** Its figures on Home; its records are counted in `/system/info` without saying so. */
  figures?: Figures;
  /** Its part of the demo data (LECTERN_SEED=demo; db/seed/demo.ts runs the parts). */
  seed?: DemoSeed;
  /** What the local video service asks of video records (vod/hooks.ts); one noun gives them. */
  videoHooks?: VideoHooks;
}

/** A noun's server part: built once per app from its services. */
export type MakeNounServer = (services: Services) => NounServer;

/** The app's nouns, built: each noun's server part by its noun (the key of src/resources/specs.ts). */
export type NounServers = Readonly<Record<string, NounServer>>;
