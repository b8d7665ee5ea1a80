import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { RegisteredResource } from '../crud/types';
import type { Services } from '../services';

/** What one noun's server part (`resources/<noun>/server/index.ts`) gives the app. */
export interface NounServer {
  /** Sub-apps by path under /prod-api (its spec's API path), mounted behind the token check. */
  routes: Record<string, Hono<AppEnv>>;
  /** Sub-apps answered before the token check (a stored image: an `<img>` sends no token). */
  publicRoutes?: Record<string, Hono<AppEnv>>;
  /** POST routes (paths under /prod-api) that take a file larger than a JSON body may be. */
  uploads?: Record<string, { bytes: number; what: string; limit: string }>;
  /** The records it writes, for presence, live events and the system counts; absent: none. */
  resource?: RegisteredResource;
}

/** A noun's server part: built once per app from its services. */
export type MakeNounServer = (services: Services) => NounServer;
