import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { findRoute } from '../../../src/lib/access';
import { auditSpec } from '../../../src/resources/audit/spec';
import { staffSpec } from '../../../src/resources/staff/spec';
import { consoleGuard } from '../../../src/routes/-guard';
import { sessionStore } from '../../../src/stores/session';
import { consoleRouter } from './console-tree';

const { router, tree } = consoleRouter();
const consoleRoutes = Object.values(router.routesById).filter((r) => r.id.startsWith('/_console/'));

describe('console route meta (staticData)', () => {
  it('finds every console route', () => {
    expect(consoleRoutes.length).toBeGreaterThanOrEqual(21);
  });

  it.each(consoleRoutes.map((r) => [r.id, r] as const))('%s declares who may open it', (_id, route) => {
    expect(route.options.staticData?.roles).toBeDefined();
  });

  it.each(consoleRoutes.filter((r) => r.options.component).map((r) => [r.id, r] as const))(
    '%s, a page, has a title',
    (_id, route) => {
      expect(route.options.staticData?.title).toBeDefined();
    },
  );

  it('takes the roles of Staff and the Audit log from the specs the server checks', () => {
    expect(findRoute(tree, '/users/adminuser')?.meta?.roles).toBe(staffSpec.roles);
    expect(findRoute(tree, '/users/audit')?.meta?.roles).toBe(auditSpec.roles);
  });
});

describe('consoleGuard', () => {
  const layout = router.routesById['/_console'];
  const location = router.buildLocation({ to: '/web/book' });
  const signedIn = () => Object.assign(sessionStore, { token: 't', roles: ['operator'], mustChangePassword: false });

  it('closes a console route that declares no roles', async () => {
    signedIn();
    const error = await consoleGuard(layout, { location, matches: [{ routeId: '/_console/web/x', staticData: {} }] })
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to: string } }).options.to).toBe('/401');
  });

  it('opens one that declares them', async () => {
    signedIn();
    await expect(
      consoleGuard(layout, {
        location,
        matches: [{ routeId: '/_console/web/book', staticData: { roles: 'everyone' } }],
      }),
    ).resolves.toBeUndefined();
  });
});
