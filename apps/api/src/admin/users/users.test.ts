import { userSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { PermissionModule, Permissions } from '@roam/contract/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPermissions, auditLog, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import {
  bearer,
  createAccount,
  createDemoTestApp,
  createTestApp,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test-support/test-app';
import { inactivateAccount } from './accounts';

let context: TestContext;
let admin: TestAccount;
let headers: Record<string, string>;

beforeAll(async () => {
  ({ context, admin, headers } = await createDemoTestApp(300));
});
afterAll(async () => {
  await context?.close();
});

type Query = Record<string, string | number>;
type UserRow = { _id: string; userID: string; status: string; role: string; createdAt: string } & Record<
  string,
  unknown
>;
type ListBody = { Users: UserRow[]; searchcount: number; active: number; inactive: number; deleted: number };

const queryString = (query: Query) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function listUsers(query: Query = {}, as = headers) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/admin/users?${queryString(query)}`,
    headers: as,
  });
  return { status: response.statusCode, body: response.json() as ListBody };
}

type Action = 'enable' | 'disable' | 'addrole' | 'disablerole' | 'deleteuser';
const METHODS = {
  enable: 'PUT',
  disable: 'POST',
  addrole: 'POST',
  disablerole: 'POST',
  deleteuser: 'DELETE',
} as const;

function act(action: Action, query: Query, options: { as?: Record<string, string>; body?: object } = {}) {
  return context.app.inject({
    method: METHODS[action],
    url: `/admin/users/${action}?${queryString(query)}`,
    headers: options.as ?? headers,
    ...(options.body ? { payload: options.body } : {}),
  });
}

async function accountRow(id: string) {
  const [row] = await context.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function auditsOf(id: string) {
  const entries = await context.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
  return entries.sort((a, b) => a.id - b.id);
}

async function permissionRows(id: string) {
  return context.database.db.select().from(adminPermissions).where(eq(adminPermissions.userId, id));
}

const me = (as: Record<string, string>) =>
  context.app.inject({ method: 'GET', url: '/admin/me', headers: as });

/** Every user as the database holds them, to compute what each filter must answer. */
async function everyUser() {
  return context.database.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      fullname: users.fullname,
      lastname: users.lastname,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users);
}
type DbUser = Awaited<ReturnType<typeof everyUser>>[number];

type Filters = Partial<Record<'searchphrase' | 'from_date' | 'to_date', string>>;

function expectedFor(all: DbUser[], query: Filters) {
  const term = query.searchphrase?.toLowerCase();
  return all
    .filter((user) => {
      const day = user.createdAt.toISOString().slice(0, 10);
      if (query.from_date && day < query.from_date) return false;
      if (query.to_date && day > query.to_date) return false;
      if (!term) return true;
      return [user.username, user.email, user.fullname, user.lastname].some((text) =>
        text.toLowerCase().includes(term),
      );
    })
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

describe('GET /admin/users', () => {
  it('answers Users in the contract shape, counts consistent with the rows, newest first', async () => {
    const { status, body } = await listUsers({ limit: 100 });
    expect(status).toBe(200);
    expect(body.searchcount).toBe(body.active + body.inactive + body.deleted);
    expect(body.Users).toHaveLength(100);
    for (const row of body.Users) {
      expect(userSchema.strict().safeParse(row).success, JSON.stringify(row)).toBe(true);
      expect(row).not.toHaveProperty('passwordHash');
    }
    const all = expectedFor(await everyUser(), {});
    expect(body.searchcount).toBe(all.length);
    expect(body.Users.map((row) => row._id)).toEqual(all.slice(0, 100).map((user) => user.id));
  });

  it('filters by status in any case, ALL included, keeping the tile counts', async () => {
    const all = (await listUsers()).body;
    expect(all.active + all.inactive + all.deleted).toBe(all.searchcount);
    for (const status of ['ALL', 'all', 'All']) {
      expect((await listUsers({ status })).body.searchcount).toBe(all.searchcount);
    }
    for (const [status, tile] of [
      ['active', 'active'],
      ['INACTIVE', 'inactive'],
      ['Deleted', 'deleted'],
    ] as const) {
      const { body } = await listUsers({ status, limit: 100 });
      expect(body.searchcount).toBe(all[tile]);
      expect([body.active, body.inactive, body.deleted]).toEqual([all.active, all.inactive, all.deleted]);
      for (const row of body.Users) expect(row.status).toBe(tile.toUpperCase());
    }
  });

  it('searches username, email, fullname and lastname, case-insensitively', async () => {
    const everyone = await everyUser();
    const sample = everyone.find((user) => user.fullname.length > 3 && user.lastname.length > 3)!;
    for (const phrase of [
      sample.username.toUpperCase(),
      sample.email.split('@')[1]!,
      sample.fullname.slice(0, 4),
      sample.lastname.toUpperCase(),
    ]) {
      const { status, body } = await listUsers({ searchphrase: phrase, limit: 100 });
      expect(status).toBe(200);
      const expected = expectedFor(everyone, { searchphrase: phrase });
      expect(body.searchcount, phrase).toBe(expected.length);
      expect(body.searchcount, phrase).toBeGreaterThan(0);
      expect(body.Users.map((row) => row._id)).toEqual(expected.slice(0, 100).map((user) => user.id));
    }
  });

  it('filters by dates alone and combined with search and status', async () => {
    const everyone = await everyUser();
    const days = everyone.map((user) => user.createdAt.toISOString().slice(0, 10)).sort();
    const from = days[Math.floor(days.length * 0.3)]!;
    const to = days[Math.floor(days.length * 0.8)]!;
    const cases: Filters[] = [
      { from_date: from },
      { to_date: to },
      { from_date: from, to_date: to },
      { from_date: from, to_date: to, searchphrase: 'a' },
      { searchphrase: 'e', to_date: to },
    ];
    for (const query of cases) {
      const expected = expectedFor(everyone, query);
      const tally = (status: string) => expected.filter((user) => user.status === status).length;
      const { body } = await listUsers({ ...query, limit: 100 });
      const label = JSON.stringify(query);
      expect(body.searchcount, label).toBe(expected.length);
      expect([body.active, body.inactive, body.deleted], label).toEqual([
        tally('ACTIVE'),
        tally('INACTIVE'),
        tally('DELETED'),
      ]);
      expect(body.Users.map((row) => row._id)).toEqual(expected.slice(0, 100).map((user) => user.id));
      const inactive = await listUsers({ ...query, status: 'inactive', limit: 100 });
      expect(inactive.body.searchcount, label).toBe(tally('INACTIVE'));
      expect(inactive.body.Users.map((row) => row._id)).toEqual(
        expected
          .filter((user) => user.status === 'INACTIVE')
          .slice(0, 100)
          .map((user) => user.id),
      );
    }
  });

  it('pages at the edges: the last row, past the end, one row, limit=0 for every match', async () => {
    const { body } = await listUsers();
    const total = body.searchcount;
    const all = expectedFor(await everyUser(), {});
    const last = await listUsers({ skip: total - 1 });
    expect(last.body.Users.map((row) => row._id)).toEqual([all[total - 1]!.id]);
    expect((await listUsers({ skip: total })).body.Users).toEqual([]);
    expect((await listUsers({ skip: total + 50 })).body.searchcount).toBe(total);
    expect((await listUsers({ limit: 1 })).body.Users).toHaveLength(1);
    expect((await listUsers()).body.Users).toHaveLength(20);
    expect((await listUsers({ limit: 0 })).body.Users).toHaveLength(total);
    const pages = [];
    for (let skip = 0; skip < total; skip += 100)
      pages.push(...(await listUsers({ skip, limit: 100 })).body.Users);
    expect(pages.map((row) => row._id)).toEqual(all.map((user) => user.id));
  });

  it('answers bad parameters with 400, never 500', async () => {
    const cases: [Query, RegExp][] = [
      [{ skip: -1 }, /skip/],
      [{ skip: 'x' }, /skip/],
      [{ limit: 100000 }, /limit/],
      [{ limit: 101 }, /limit/],
      [{ from_date: '2024-13-45' }, /from_date/],
      [{ to_date: '2024-02-30' }, /to_date/],
      [{ status: 'FOO' }, /status/],
      [{ status: '1' }, /status/],
      [{ searchphrase: 'x'.repeat(10_000) }, /searchphrase/],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await listUsers(query);
      expect(status, JSON.stringify(query).slice(0, 80)).toBe(400);
      expect(String((body as unknown as { message: string }).message)).toMatch(field);
    }
  });

  it('builds no generic toggle or delete route for users', async () => {
    const [user] = (await listUsers({ status: 'ACTIVE', limit: 1 })).body.Users;
    const toggle = await context.app.inject({
      method: 'PUT',
      url: `/admin/users/toggle/${user!._id}?markas=INACTIVE`,
      headers,
    });
    expect(toggle.statusCode).toBe(404);
    const remove = await context.app.inject({ method: 'DELETE', url: `/admin/users/${user!._id}`, headers });
    expect(remove.statusCode).toBe(404);
    expect((await accountRow(user!._id)).status).toBe('ACTIVE');
  });
});

describe('enable, disable and delete', () => {
  it('moves ACTIVE to INACTIVE and back only, deletes once, keeps the row and audits each write', async () => {
    const [user] = (await listUsers({ status: 'ACTIVE', limit: 1, skip: 3 })).body.Users;
    const before = (await listUsers()).body;

    const disabled = await act('disable', { uid: user!._id });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({ message: MESSAGES.userDeactivated });
    expect((await act('disable', { uid: user!._id })).statusCode).toBe(409);
    const after = (await listUsers()).body;
    expect([after.active, after.inactive]).toEqual([before.active - 1, before.inactive + 1]);

    // The panel adds access_type to every admin call; it is dropped, like any unknown parameter.
    const enabled = await act('enable', { uid: user!.userID, access_type: 'userManagement' });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toEqual({ message: MESSAGES.userActivated });
    expect((await act('enable', { uid: user!._id })).statusCode).toBe(409);

    const deleted = await act('deleteuser', { uid: user!._id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: MESSAGES.deletedSuccessfully });
    expect((await act('deleteuser', { uid: user!._id })).statusCode).toBe(409);
    expect((await act('enable', { uid: user!._id })).statusCode).toBe(409);
    expect((await act('disable', { uid: user!._id })).statusCode).toBe(409);

    expect((await accountRow(user!._id)).status).toBe('DELETED');
    const deletedRows = (
      await listUsers({ status: 'DELETED', limit: 100, searchphrase: user!.username as string })
    ).body.Users;
    expect(deletedRows.map((row) => row._id)).toContain(user!._id);
    expect((await listUsers()).body.searchcount).toBe(before.searchcount);

    const audits = await auditsOf(user!._id);
    expect(audits.map((entry) => [entry.action, entry.entity, entry.actorId])).toEqual([
      ['toggle', 'users', admin.id],
      ['toggle', 'users', admin.id],
      ['delete', 'users', admin.id],
    ]);
    expect(audits.map((entry) => [entry.before, entry.after])).toEqual([
      [{ status: 'ACTIVE' }, { status: 'INACTIVE' }],
      [{ status: 'INACTIVE' }, { status: 'ACTIVE' }],
      [{ status: 'ACTIVE' }, { status: 'DELETED' }],
    ]);
  });

  it('deletes an INACTIVE user too', async () => {
    const [user] = (await listUsers({ status: 'INACTIVE', limit: 1 })).body.Users;
    expect((await act('deleteuser', { uid: user!.userID })).statusCode).toBe(200);
    expect((await accountRow(user!._id)).status).toBe('DELETED');
  });

  it('ends the sessions of an inactivated or deleted account', async () => {
    for (const action of ['disable', 'deleteuser'] as const) {
      const account = await createAccount(context, {
        role: 'sub-admin',
        permissions: { cityManagement: { read: 1, write: 0, delete: 0 } },
      });
      const tokens = await signIn(context, account);
      expect((await me(bearer(tokens))).statusCode).toBe(200);
      expect((await act(action, { uid: account.userID })).statusCode).toBe(200);
      expect((await me(bearer(tokens))).statusCode, action).toBe(401);
      const refreshed = await context.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      });
      expect(refreshed.statusCode, action).toBe(400);
    }
  });

  it('refuses to inactivate or delete oneself', async () => {
    for (const uid of [admin.id, admin.userID]) {
      const disabled = await act('disable', { uid });
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json().message).toMatch(/own account/);
      expect((await act('deleteuser', { uid })).statusCode).toBe(409);
    }
    expect((await accountRow(admin.id)).status).toBe('ACTIVE');
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown uid and 400 naming a missing or oversized one', async () => {
    for (const action of Object.keys(METHODS) as Action[]) {
      const extra: Query = action === 'addrole' ? { role_type: 'admin' } : {};
      for (const uid of ['00000000-0000-4000-8000-000000000001', 'U9999999']) {
        expect((await act(action, { uid, ...extra })).statusCode, `${action} ${uid}`).toBe(404);
      }
      const missing = await act(action, extra);
      expect(missing.statusCode, action).toBe(400);
      expect(missing.json().message).toMatch(/uid/);
      expect((await act(action, { uid: '' })).statusCode, action).toBe(400);
      expect((await act(action, { uid: 'u'.repeat(10_000), ...extra })).statusCode, action).toBe(400);
    }
  });
});

describe('addrole and disablerole', () => {
  const cityReader: Partial<Permissions> = { cityManagement: { read: 1, write: 0, delete: 0 } };

  it('makes an ACTIVE user a sub-admin with the given flags, who may then sign in to them', async () => {
    const account = await createAccount(context, { role: 'user' });
    const granted = await act(
      'addrole',
      { uid: account.userID, role_type: 'sub-admin' },
      { body: { permissions: { cityManagement: { read: true }, cafeManagement: { read: 1, write: 1 } } } },
    );
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ message: MESSAGES.userAddedAsAdmin });
    expect((await accountRow(account.id)).role).toBe('sub-admin');

    const tokens = bearer(await signIn(context, account));
    const profile = (await me(tokens)).json();
    expect(profile.role_type).toBe('sub-admin');
    expect(profile.permissions.cityManagement).toEqual({ read: 1, write: 0, delete: 0 });
    expect(profile.permissions.cafeManagement).toEqual({ read: 1, write: 1, delete: 0 });
    expect(profile.permissions.userManagement).toEqual({ read: 0, write: 0, delete: 0 });
    expect(
      (await context.app.inject({ method: 'GET', url: '/admin/city', headers: tokens })).statusCode,
    ).toBe(200);
    expect((await listUsers({}, tokens)).status).toBe(403);

    const [entry] = (await auditsOf(account.id)).filter((audit) => audit.action === 'role.grant');
    expect(entry).toMatchObject({
      actorId: admin.id,
      entity: 'users',
      before: { role: 'user', permissions: {} },
    });
    expect((entry!.after as { role: string }).role).toBe('sub-admin');
  });

  it('makes delete imply write and read, as the form does', async () => {
    const account = await createAccount(context, { role: 'user' });
    const granted = await act(
      'addrole',
      { uid: account.id, role_type: 'sub-admin' },
      { body: { permissions: { jobManagement: { delete: 1 } } } },
    );
    expect(granted.statusCode).toBe(200);
    const [row] = (await permissionRows(account.id)).filter((entry) => entry.module === 'jobManagement');
    expect(row).toMatchObject({ canRead: true, canWrite: true, canDelete: true });
  });

  it('makes an admin with every permission; an admin cannot be granted again', async () => {
    const account = await createAccount(context, { role: 'user' });
    expect((await act('addrole', { uid: account.id, role_type: 'admin' })).statusCode).toBe(200);
    expect((await accountRow(account.id)).role).toBe('admin');
    const rows = await permissionRows(account.id);
    expect(rows).toHaveLength(11);
    expect(rows.every((row) => row.canRead && row.canWrite && row.canDelete)).toBe(true);
    expect((await act('addrole', { uid: account.id, role_type: 'admin' })).statusCode).toBe(409);
    const demote = await act(
      'addrole',
      { uid: account.id, role_type: 'sub-admin' },
      { body: { permissions: cityReader } },
    );
    expect(demote.statusCode).toBe(409);
  });

  it("updates an existing sub-admin's permissions, or promotes them to admin", async () => {
    const account = await createAccount(context, { role: 'sub-admin', permissions: cityReader });
    const updated = await act(
      'addrole',
      { uid: account.id, role_type: 'sub-admin' },
      { body: { permissions: { shopManagement: { read: 1, write: 1, delete: 0 } } } },
    );
    expect(updated.statusCode).toBe(200);
    const rows = await permissionRows(account.id);
    const flags = Object.fromEntries(rows.map((row) => [row.module, [row.canRead, row.canWrite]]));
    expect(flags.shopManagement).toEqual([true, true]);
    expect(flags.cityManagement).toEqual([false, false]);
    expect((await act('addrole', { uid: account.id, role_type: 'admin' })).statusCode).toBe(200);
    expect((await accountRow(account.id)).role).toBe('admin');
  });

  it('refuses an INACTIVE or DELETED user, oneself, and a missing or bad role or permissions', async () => {
    for (const status of ['INACTIVE', 'DELETED'] as const) {
      const account = await createAccount(context, { role: 'user', status });
      const refused = await act('addrole', { uid: account.id, role_type: 'admin' });
      expect(refused.statusCode, status).toBe(409);
      expect((await accountRow(account.id)).role).toBe('user');
    }
    expect((await act('addrole', { uid: admin.id, role_type: 'admin' })).statusCode).toBe(409);

    const account = await createAccount(context, { role: 'user' });
    const cases: [Query, object | undefined, RegExp][] = [
      [{ uid: account.id }, undefined, /role_type/],
      [{ uid: account.id, role_type: 'owner' }, undefined, /role_type/],
      [{ uid: account.id, role_type: 'sub-admin' }, undefined, /permissions/],
      [
        { uid: account.id, role_type: 'sub-admin' },
        { permissions: { cityManagement: { read: 2 } } },
        /permissions/,
      ],
      [{ uid: account.id, role_type: 'sub-admin' }, { permissions: 'all' }, /permissions/],
    ];
    for (const [query, body, field] of cases) {
      const response = await act('addrole', query, body ? { body } : {});
      expect(response.statusCode, JSON.stringify([query, body])).toBe(400);
      expect(response.json().message).toMatch(field);
    }
    expect((await accountRow(account.id)).role).toBe('user');
  });

  it('lets nobody grant what they lack, and only an admin grant admin', async () => {
    const granter = await createAccount(context, {
      role: 'sub-admin',
      permissions: {
        userManagement: { read: 1, write: 1, delete: 0 },
        cityManagement: { read: 1, write: 0, delete: 0 },
      },
    });
    const granterHeaders = bearer(await signIn(context, granter));
    const account = await createAccount(context, { role: 'user' });
    const grant = (role_type: string, permissions?: Partial<Record<PermissionModule, object>>) =>
      act('addrole', { uid: account.id, role_type }, { as: granterHeaders, body: { permissions } });

    expect((await grant('admin')).statusCode).toBe(403);
    expect((await grant('sub-admin', { cityManagement: { read: 1, write: 1 } })).statusCode).toBe(403);
    expect((await grant('sub-admin', { userManagement: { delete: 1 } })).statusCode).toBe(403);
    expect((await grant('sub-admin', { jobManagement: { read: 1 } })).statusCode).toBe(403);
    expect((await accountRow(account.id)).role).toBe('user');

    const allowed = await grant('sub-admin', { cityManagement: { read: 1 }, userManagement: { read: 1 } });
    expect(allowed.statusCode).toBe(200);
    expect((await accountRow(account.id)).role).toBe('sub-admin');

    // A sub-admin may not change an admin's account at all.
    const anAdmin = await createAccount(context, { role: 'admin' });
    for (const action of ['disable', 'disablerole'] as const) {
      expect((await act(action, { uid: anAdmin.id }, { as: granterHeaders })).statusCode, action).toBe(403);
    }
    expect(await accountRow(anAdmin.id)).toMatchObject({ role: 'admin', status: 'ACTIVE' });
  });

  it('takes the role back: role user, permissions removed, sessions ended', async () => {
    const account = await createAccount(context, { role: 'sub-admin', permissions: cityReader });
    const tokens = await signIn(context, account);
    expect((await me(bearer(tokens))).statusCode).toBe(200);
    const removed = await act('disablerole', { uid: account.userID });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: MESSAGES.userRemovedAsAdmin });
    expect((await accountRow(account.id)).role).toBe('user');
    expect(await permissionRows(account.id)).toEqual([]);
    expect((await me(bearer(tokens))).statusCode).toBe(401);
    expect((await act('disablerole', { uid: account.id })).statusCode).toBe(409);

    const [entry] = (await auditsOf(account.id)).filter((audit) => audit.action === 'role.remove');
    expect(entry).toMatchObject({ actorId: admin.id, after: { role: 'user' } });
    expect((entry!.before as { role: string }).role).toBe('sub-admin');

    const other = await createAccount(context, { role: 'admin' });
    expect((await act('disablerole', { uid: other.id })).statusCode).toBe(200);
    expect((await accountRow(other.id)).role).toBe('user');
  });

  it('refuses to take away one’s own role', async () => {
    const response = await act('disablerole', { uid: admin.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/own admin role/);
    expect((await accountRow(admin.id)).role).toBe('admin');
  });
});

describe('permissions of the user routes', () => {
  it('lets a read-only sub-admin list but not act', async () => {
    const reader = await createAccount(context, {
      role: 'sub-admin',
      permissions: { userManagement: { read: 1, write: 0, delete: 0 } },
    });
    const readerHeaders = bearer(await signIn(context, reader));
    expect((await listUsers({}, readerHeaders)).status).toBe(200);
    const [target] = (await listUsers({ status: 'INACTIVE', limit: 1 })).body.Users;
    const denied: [Action, Query][] = [
      ['enable', { uid: target!._id }],
      ['disable', { uid: target!._id }],
      ['addrole', { uid: target!._id, role_type: 'sub-admin' }],
      ['disablerole', { uid: target!._id }],
      ['deleteuser', { uid: target!._id }],
    ];
    for (const [action, query] of denied) {
      expect((await act(action, query, { as: readerHeaders })).statusCode, action).toBe(403);
    }
    expect((await accountRow(target!._id)).status).toBe('INACTIVE');
  });

  it('needs delete permission to delete', async () => {
    const writer = await createAccount(context, {
      role: 'sub-admin',
      permissions: { userManagement: { read: 1, write: 1, delete: 0 } },
    });
    const writerHeaders = bearer(await signIn(context, writer));
    const [target] = (await listUsers({ status: 'INACTIVE', limit: 1 })).body.Users;
    expect((await act('deleteuser', { uid: target!._id }, { as: writerHeaders })).statusCode).toBe(403);
    expect((await act('enable', { uid: target!._id }, { as: writerHeaders })).statusCode).toBe(200);
  });
});

describe('the last active admin', () => {
  let race: TestContext;
  beforeAll(async () => {
    race = await createTestApp();
  });
  afterAll(async () => {
    await race?.close();
  });

  it('survives two admins removing each other at once, whichever route they use', async () => {
    for (const action of ['disable', 'disablerole', 'deleteuser'] as const) {
      // Exactly two active admins each round: the previous round's survivor steps aside.
      await race.database.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.role, 'admin'));
      const first = await createAccount(race, { role: 'admin' });
      const second = await createAccount(race, { role: 'admin' });
      const [firstHeaders, secondHeaders] = [
        bearer(await signIn(race, first)),
        bearer(await signIn(race, second)),
      ];
      const [a, b] = await Promise.all([
        race.app.inject({
          method: METHODS[action],
          url: `/admin/users/${action}?uid=${second.id}`,
          headers: firstHeaders,
        }),
        race.app.inject({
          method: METHODS[action],
          url: `/admin/users/${action}?uid=${first.id}`,
          headers: secondHeaders,
        }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses[0], action).toBe(200);
      expect([401, 409], action).toContain(statuses[1]);
      const activeAdmins = await race.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'ACTIVE')));
      expect(activeAdmins, action).toHaveLength(1);
    }
  });

  it('is refused whoever asks, even a caller the checks above would let through', async () => {
    const [sole] = await race.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'ACTIVE')));
    const attempt = inactivateAccount(race.database.db, race.app.sessions, {
      uid: sole!.id,
      actor: { id: '00000000-0000-4000-8000-000000000009', role: 'admin' },
    });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, message: /last active admin/ });
  });
});
