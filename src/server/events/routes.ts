import { Hono, type MiddlewareHandler } from 'hono';
import { EVENT_POSITION_HEADER } from '../../contract/events';
import { currentUser } from '../auth/middleware';
import type { AppEnv } from '../context';
import type { RegisteredResource } from '../crud/types';
import { ok } from '../http/envelope';
import { forbidden, invalidField } from '../http/errors';
import { readJson } from '../http/validate';
import type { Services } from '../services';
import { type LiveClient, presenceOwner } from './hub';
import { clientIdSchema, presenceSchema } from './schema';

/**
 * `GET /events` (the live stream, server-sent events) and `POST /presence` (who has a record's
 * edit form open); docs/api-additions.md. Registered after requireAuth: the stream is
 * authenticated by the X-Token header like every call, so the console reads it with fetch rather
 * than EventSource (which cannot send headers, and a cookie would let other sites open it). A
 * sub-app for /prod-api.
 */
export function eventRoutes(services: Services, resources: RegisteredResource[]): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const hub = services.events;
  const rolesOf = new Map(resources.map((r) => [r.noun, r.roles]));

  api.get('/events', async (c) => {
    const user = currentUser(c);
    const clientIdRaw = c.req.query('clientId');
    let owner: string | undefined;
    if (clientIdRaw !== undefined) {
      const parsed = clientIdSchema.safeParse(clientIdRaw);
      if (!parsed.success) throw invalidField('clientId', 'letters, digits, - and _, 8 to 64 characters');
      owner = presenceOwner(user.tokenHash, parsed.data);
    }
    const lastEventId = c.req.header('last-event-id') || undefined;
    const encoder = new TextEncoder();
    let done = false;
    let client: LiveClient | null = null;
    const finish = () => {
      if (done) return;
      done = true;
      if (client) hub.remove(client);
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const now = Date.now();
        client = {
          user,
          owner,
          nextHeartbeat: now + hub.config.heartbeatMs,
          nextSessionCheck: now + hub.config.sessionCheckMs,
          send(text) {
            if (done) return;
            try {
              controller.enqueue(encoder.encode(text));
            } catch {
              finish();
            }
          },
          close() {
            if (done) return;
            finish();
            try {
              controller.close();
            } catch {
              // already closed by the client
            }
          },
        };
        // The browser's reconnection delay if it were EventSource; our console has its own.
        controller.enqueue(encoder.encode('retry: 3000\n\n'));
        const opened = client;
        hub.open(opened, lastEventId).then(
          () => {
            // The client went away while the stream was being set up.
            if (done) hub.remove(opened);
          },
          (err) => {
            services.log.error(`[${c.get('requestId')}] events: opening the stream failed:`, err);
            opened.close();
          },
        );
      },
      cancel() {
        finish();
      },
    });
    c.req.raw.signal.addEventListener('abort', () => client?.close());
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // Reverse proxies (nginx) would otherwise buffer the stream.
        'X-Accel-Buffering': 'no',
      },
    });
  });

  api.post('/presence', async (c) => {
    const input = await readJson(c, presenceSchema);
    // On PostgreSQL the others' presence reaches this instance through its LISTEN connection.
    await hub.bus.listen();
    const user = currentUser(c);
    if (!rolesOf.has(input.resource)) throw invalidField('resource', 'no such resource');
    const roles = rolesOf.get(input.resource);
    if (roles && !user.roles.some((r) => roles.includes(r))) throw forbidden();
    await hub.publishPresence(user, input.clientId, input.resource, input.id, input.editing, roles);
    return ok(c, { editors: hub.editorsOf(input.resource, input.id) });
  });
  return api;
}

/**
 * Every answer of a signed-in call carries the stream's position as the request began
 * (`X-Lectern-Event-Position`): a console that opens its stream later resumes from the oldest
 * position its screen's data was read at, so the changes made since reach it as events and nothing
 * else is fetched again. Read before the handler: a change committed meanwhile is replayed (a
 * refetch too many at worst), never missed. On PostgreSQL the position is given only once this
 * instance's ring hears every instance (its LISTEN connection, started here if need be): before
 * that, a resume here could miss what others published.
 */
export function eventPosition(services: Services): MiddlewareHandler<AppEnv> {
  // Started once from here: after that the bus reconnects by itself (every second), and a request
  // must not open a connection of its own while the database refuses them.
  let started = false;
  return async (c, next) => {
    const { bus } = services.events;
    const position = bus.hearsEverything ? bus.lastId : undefined;
    if (!position && !started) {
      started = true;
      void bus.listen();
    }
    await next();
    if (position && c.req.path !== '/prod-api/events') c.res.headers.set(EVENT_POSITION_HEADER, position);
  };
}
