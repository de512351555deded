import { PERMISSION_MODULES, type PermissionModule } from '@roam/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccount,
  createTestApp,
  signIn,
  startSession,
  type TestAccount,
  type TestContext,
} from '../test-support/test-app';

/**
 * The role x permission matrix, generated from the server's own route table: no /admin route may
 * escape it, whatever later issues add.
 */
let context: TestContext;
const tokens: Record<string, { access_token: string }> = {};

beforeAll(async () => {
  context = await createTestApp();
  const accounts: Record<string, TestAccount> = {
    user: await createAccount(context, { role: 'user' }),
    bare: await createAccount(context, { role: 'sub-admin' }),
    admin: await createAccount(context, { role: 'admin' }),
    ...Object.fromEntries(
      await Promise.all(
        PERMISSION_MODULES.map(async (module) => [
          `read:${module}`,
          await createAccount(context, {
            role: 'sub-admin',
            permissions: { [module]: { read: 1, write: 0, delete: 0 } },
          }),
        ]),
      ),
    ),
  };
  for (const [name, account] of Object.entries(accounts)) {
    // A user of the product may not sign in: its token is minted directly, to be refused all the same.
    tokens[name] = name === 'user' ? await startSession(context, account) : await signIn(context, account);
  }
});
afterAll(async () => {
  await context?.close();
});

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const adminRoutes = () => context.app.routeTable.filter((route) => route.url.startsWith('/admin'));
const call = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
  context.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:[A-Za-z_]+/g, SAMPLE_ID),
    headers,
  });

describe('authorization matrix', () => {
  it('every /admin route declares a permission', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route.permission, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers 401 without a token and with a forged one', async () => {
    for (const route of adminRoutes()) {
      expect((await call(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      const forged = await call(route, { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
      expect(forged.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to an ordinary user on every route', async () => {
    for (const route of adminRoutes()) {
      expect((await call(route, bearer(tokens.user!))).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets a sub-admin without modules reach only the routes every admin has', async () => {
    for (const route of adminRoutes()) {
      const status = (await call(route, bearer(tokens.bare!))).statusCode;
      const permission = route.permission;
      const isOpenToAdmins =
        permission === 'self' || (typeof permission === 'object' && permission.module === 'analytics');
      if (isOpenToAdmins) expect(status, `${route.method} ${route.url}`).not.toBe(403);
      else expect(status, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets a read-only sub-admin read its module and nothing more', async () => {
    for (const route of adminRoutes()) {
      const permission = route.permission;
      if (!permission || permission === 'self') continue;
      if (permission !== 'admins' && permission.module === 'analytics') continue;
      for (const module of PERMISSION_MODULES) {
        const status = (await call(route, bearer(tokens[`read:${module}`]!))).statusCode;
        const isAllowed =
          permission !== 'admins' &&
          permission.module === (module as PermissionModule) &&
          permission.action === 'read';
        const label = `${route.method} ${route.url} as read:${module}`;
        if (isAllowed) expect([401, 403], label).not.toContain(status);
        else expect(status, label).toBe(403);
      }
    }
  });

  it('keeps admins-only routes from every sub-admin, even one with every permission', async () => {
    const routes = adminRoutes().filter((route) => route.permission === 'admins');
    expect(routes.length).toBeGreaterThan(0);
    const full = await createAccount(context, {
      role: 'sub-admin',
      permissions: Object.fromEntries(
        PERMISSION_MODULES.map((module) => [module, { read: 1, write: 1, delete: 1 }]),
      ),
    });
    const fullTokens = await signIn(context, full);
    for (const route of routes) {
      expect((await call(route, bearer(fullTokens))).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets an admin through everywhere', async () => {
    for (const route of adminRoutes()) {
      const status = (await call(route, bearer(tokens.admin!))).statusCode;
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(status);
      expect(status, `${route.method} ${route.url}`).toBeLessThan(500);
    }
  });
});
