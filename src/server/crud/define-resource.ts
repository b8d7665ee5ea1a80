import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import type { NounServer } from '../http/noun';
import type { Services } from '../services';
import { bulkRoutes } from './bulk-routes';
import { readRoutes } from './read-routes';
import { type LooseDef, ResourceRecords } from './records';
import type { PageFields, RegisteredResource, ResourceDef, RowBase } from './types';
import { writeRoutes } from './write-routes';

/** A resource built by `defineResource`: its sub-app (for a noun's own extra routes) and what it mounts. */
export interface DefinedResource extends NounServer {
  app: Hono<AppEnv>;
  resource: RegisteredResource;
}

/**
 * One resource's sub-app, mounted on its spec's API path (`/prod-api/{api}`): reading (page, one
 * record, export), writing (create, update, delete, delete-check) and, where enabled, bulk work
 * (bulk delete, import, batch edit). Every write is one transaction holding the checks, the write
 * and its audit row.
 */
export function defineResource<
  QDB,
  QTB extends keyof QDB,
  Row extends RowBase,
  Out extends object,
  CS extends z.ZodType,
  US extends z.ZodType = z.ZodNever,
  PS extends z.ZodType<PageFields> = z.ZodType<PageFields>,
>(services: Services, def: ResourceDef<QDB, QTB, Row, Out, CS, US, PS>): DefinedResource {
  // Each resource's types are checked above; the machinery handles every resource's rows alike.
  const records = new ResourceRecords(services, def as unknown as LooseDef);
  const app = new Hono<AppEnv>();
  readRoutes(app, records);
  writeRoutes(app, records);
  bulkRoutes(app, records);
  const { noun, api, table } = def;
  const resource = { noun, api, table, roles: def.roles === 'everyone' ? undefined : def.roles };
  return { app, resource, routes: { [`/${api}`]: app } };
}
