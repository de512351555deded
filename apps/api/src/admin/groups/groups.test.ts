import { groupSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groupMembers, groups, users } from '../../db/schema';
import {
  bearer,
  createAccount,
  createDemoTestApp,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test-support/test-app';

let context: TestContext;
let admin: TestAccount;
let headers: Record<string, string>;

beforeAll(async () => {
  // 1,000 users give 50 groups.
  ({ context, admin, headers } = await createDemoTestApp(1000));
});
afterAll(async () => {
  await context?.close();
});

type Query = Record<string, string | number>;
type GroupRow = {
  _id: string;
  statusID: string;
  statusText: string;
  active: boolean;
  deleted: boolean;
  membersCount: number;
  createdAt: string;
};
type ListBody = {
  groups: GroupRow[];
  searchcount: number;
  active: number;
  inactive: number;
  deleted: number;
  count: number;
};

const queryString = (query: Query) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function listGroups(query: Query = {}, as = headers) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/admin/group?${queryString(query)}`,
    headers: as,
  });
  return { status: response.statusCode, body: response.json() as ListBody };
}
const toggle = (id: string, markas: string | undefined, as = headers) =>
  context.app.inject({
    method: 'PUT',
    url: `/admin/group/toggle/${id}${markas === undefined ? '' : `?markas=${markas}`}`,
    headers: as,
  });
const remove = (statusId: string | undefined, as = headers) =>
  context.app.inject({
    method: 'DELETE',
    url: `/admin/group/delete${statusId === undefined ? '' : `?statusId=${encodeURIComponent(statusId)}`}`,
    headers: as,
  });

const statusOf = (group: { active: boolean; deleted: boolean }) =>
  group.deleted ? 'DELETED' : group.active ? 'ACTIVE' : 'INACTIVE';

async function groupRow(id: string) {
  const [row] = await context.database.db.select().from(groups).where(eq(groups.id, id));
  return row!;
}

/** Every group as the database holds it, to compute what each filter must answer. */
async function everyGroup() {
  return context.database.db.select().from(groups);
}
type DbGroup = Awaited<ReturnType<typeof everyGroup>>[number];
type Filters = Partial<Record<'searchphrase' | 'from_date' | 'to_date' | 'city' | 'owner', string>>;

function expectedFor(all: DbGroup[], query: Filters) {
  const term = query.searchphrase?.toLowerCase();
  return all
    .filter((group) => {
      const day = group.createdAt.toISOString().slice(0, 10);
      if (query.from_date && day < query.from_date) return false;
      if (query.to_date && day > query.to_date) return false;
      if (query.city && group.cityId !== query.city) return false;
      if (query.owner && group.userId !== query.owner) return false;
      if (!term) return true;
      return [group.statusText, group.country].some((text) => text.toLowerCase().includes(term));
    })
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

function expectMatches(body: ListBody, expected: DbGroup[], label: string) {
  const tally = (status: string) => expected.filter((group) => statusOf(group) === status).length;
  expect([body.active, body.inactive, body.deleted], label).toEqual([
    tally('ACTIVE'),
    tally('INACTIVE'),
    tally('DELETED'),
  ]);
  expect(body.count, label).toBe(expected.length);
  expect(body.count, label).toBe(body.active + body.inactive + body.deleted);
}

describe('GET /admin/group', () => {
  it('answers groups in the contract shape with members counted, newest first, and count', async () => {
    const { status, body } = await listGroups({ limit: 100 });
    expect(status).toBe(200);
    const all = expectedFor(await everyGroup(), {});
    expect(all.length).toBe(50);
    expect(body.searchcount).toBe(50);
    expectMatches(body, all, 'all');
    expect(body.groups.map((row) => row._id)).toEqual(all.map((group) => group.id));
    for (const row of body.groups) {
      expect(groupSchema.strict().safeParse(row).success, JSON.stringify(row)).toBe(true);
    }
    for (const row of body.groups.slice(0, 10)) {
      const [members] = await context.database.db
        .select({ n: count() })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, row._id), eq(groupMembers.removed, false)));
      expect(row.membersCount).toBe(members!.n);
    }
    expect(body.groups.some((row) => row.membersCount > 2)).toBe(true);
  });

  it('takes status as 1, 0, omitted, or a tile value in any case, keeping the tile counts', async () => {
    const all = (await listGroups()).body;
    expect(all.active).toBeGreaterThan(0);
    expect(all.inactive).toBeGreaterThan(0);
    expect(all.deleted).toBeGreaterThan(0);
    const cases: [string, keyof ListBody | 'count', string | null][] = [
      ['1', 'active', 'ACTIVE'],
      ['0', 'inactive', 'INACTIVE'],
      ['ACTIVE', 'active', 'ACTIVE'],
      ['active', 'active', 'ACTIVE'],
      ['InActive', 'inactive', 'INACTIVE'],
      ['DELETED', 'deleted', 'DELETED'],
      ['deleted', 'deleted', 'DELETED'],
      ['All', 'count', null],
      ['ALL', 'count', null],
      ['all', 'count', null],
    ];
    for (const [status, tile, expected] of cases) {
      const { status: code, body } = await listGroups({ status, limit: 100 });
      expect(code, status).toBe(200);
      expect(body.searchcount, status).toBe(all[tile]);
      expect([body.active, body.inactive, body.deleted, body.count], status).toEqual([
        all.active,
        all.inactive,
        all.deleted,
        all.count,
      ]);
      if (expected) for (const row of body.groups) expect(statusOf(row), status).toBe(expected);
    }
    expect(all.searchcount).toBe(all.count);
  });

  it('searches statusText and country, case-insensitively', async () => {
    const everyone = await everyGroup();
    const sample = everyone[7]!;
    for (const phrase of [sample.statusText.slice(2, 10).toUpperCase(), sample.country.toLowerCase()]) {
      const expected = expectedFor(everyone, { searchphrase: phrase });
      const { body } = await listGroups({ searchphrase: phrase, limit: 100 });
      expect(body.searchcount, phrase).toBeGreaterThan(0);
      expect(body.searchcount, phrase).toBe(expected.length);
      expectMatches(body, expected, phrase);
      expect(body.groups.map((row) => row._id)).toEqual(expected.map((group) => group.id));
    }
  });

  it('filters by city, by owner as _id or userID, and by dates; alone and combined', async () => {
    const everyone = await everyGroup();
    const [owner] = await context.database.db
      .select({ id: users.id, userID: users.userId })
      .from(users)
      .where(eq(users.userId, 'U0000001'));
    const city = everyone[0]!.cityId!;
    const days = everyone.map((group) => group.createdAt.toISOString().slice(0, 10)).sort();
    const from = days[10]!;
    const to = days[40]!;
    const cases: [Query, Filters][] = [
      [{ city }, { city }],
      [{ cityID: city }, { city }],
      [{ userId: owner!.userID }, { owner: owner!.id }],
      [{ uid: owner!.id }, { owner: owner!.id }],
      [{ from_date: from }, { from_date: from }],
      [{ to_date: to }, { to_date: to }],
      [
        { from_date: from, to_date: to, searchphrase: 'a' },
        { from_date: from, to_date: to, searchphrase: 'a' },
      ],
      [
        { userId: owner!.userID, from_date: days[0]!, searchphrase: 'e' },
        { owner: owner!.id, from_date: days[0]!, searchphrase: 'e' },
      ],
      [
        { city, to_date: to },
        { city, to_date: to },
      ],
    ];
    for (const [query, filters] of cases) {
      const label = JSON.stringify(query);
      const expected = expectedFor(everyone, filters);
      const { status, body } = await listGroups({ ...query, limit: 100 });
      expect(status, label).toBe(200);
      expect(body.searchcount, label).toBe(expected.length);
      expectMatches(body, expected, label);
      expect(body.groups.map((row) => row._id)).toEqual(expected.map((group) => group.id));
      const active = await listGroups({ ...query, status: 1, limit: 100 });
      expect(active.body.groups.map((row) => row._id)).toEqual(
        expected.filter((group) => statusOf(group) === 'ACTIVE').map((group) => group.id),
      );
      expect(active.body.count, label).toBe(body.count);
    }
    // The showcase owner has groups of their own: the owner filter is not vacuous.
    expect(expectedFor(everyone, { owner: owner!.id }).length).toBeGreaterThan(0);
    const unknownOwner = await listGroups({ userId: 'U9999999' });
    expect([unknownOwner.body.searchcount, unknownOwner.body.count]).toEqual([0, 0]);
  });

  it('pages at the edges without overlap', async () => {
    const all = expectedFor(await everyGroup(), {});
    const pages: GroupRow[] = [];
    for (let skip = 0; skip < all.length; skip += 7)
      pages.push(...(await listGroups({ skip, limit: 7 })).body.groups);
    expect(pages.map((row) => row._id)).toEqual(all.map((group) => group.id));
    expect((await listGroups({ skip: all.length - 1 })).body.groups).toHaveLength(1);
    const past = await listGroups({ skip: all.length + 5 });
    expect(past.body.groups).toEqual([]);
    expect(past.body.searchcount).toBe(all.length);
    expect((await listGroups()).body.groups).toHaveLength(20);
  });

  it('answers bad parameters with 400, never 500', async () => {
    const cases: [Query, RegExp][] = [
      [{ skip: -1 }, /skip/],
      [{ limit: 100000 }, /limit/],
      [{ from_date: '2024-13-45' }, /from_date/],
      [{ status: 'FOO' }, /status/],
      [{ status: '2' }, /status/],
      [{ status: '-1' }, /status/],
      [{ searchphrase: 'x'.repeat(10_000) }, /searchphrase/],
      [{ city: 'x' }, /city/],
      [{ uid: 'u'.repeat(500) }, /uid/],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await listGroups(query);
      expect(status, JSON.stringify(query).slice(0, 60)).toBe(400);
      expect(String((body as unknown as { message: string }).message)).toMatch(field);
    }
  });
});

describe('toggle and delete', () => {
  it('inactivates with markas=0 only from ACTIVE, activates with 1 only from INACTIVE, audits each write', async () => {
    const [group] = (await listGroups({ status: 1, limit: 1 })).body.groups;
    const before = (await listGroups()).body;

    const inactivated = await toggle(group!._id, '0&access_type=groupManagement');
    expect(inactivated.statusCode).toBe(200);
    expect(await groupRow(group!._id)).toMatchObject({ active: false, deleted: false });
    expect((await toggle(group!._id, '0')).statusCode).toBe(409);
    const after = (await listGroups()).body;
    expect([after.active, after.inactive, after.count]).toEqual([
      before.active - 1,
      before.inactive + 1,
      before.count,
    ]);

    expect((await toggle(group!._id, '1')).statusCode).toBe(200);
    expect(await groupRow(group!._id)).toMatchObject({ active: true, deleted: false });
    expect((await toggle(group!._id, '1')).statusCode).toBe(409);
    // The status names are understood too.
    expect((await toggle(group!._id, 'inactive')).statusCode).toBe(200);
    expect((await toggle(group!._id, 'ACTIVE')).statusCode).toBe(200);

    const audits = (
      await context.database.db.select().from(auditLog).where(eq(auditLog.entityId, group!._id))
    )
      .sort((a, b) => a.id - b.id)
      .map((entry) => [entry.action, entry.entity, entry.actorId, entry.before, entry.after]);
    expect(audits).toEqual([
      ['toggle', 'groups', admin.id, { status: 'ACTIVE' }, { status: 'INACTIVE' }],
      ['toggle', 'groups', admin.id, { status: 'INACTIVE' }, { status: 'ACTIVE' }],
      ['toggle', 'groups', admin.id, { status: 'ACTIVE' }, { status: 'INACTIVE' }],
      ['toggle', 'groups', admin.id, { status: 'INACTIVE' }, { status: 'ACTIVE' }],
    ]);
  });

  it('deletes by statusID once, keeping the row; a deleted group cannot be toggled', async () => {
    const [group] = (await listGroups({ status: 0, limit: 1 })).body.groups;
    const before = (await listGroups()).body;

    const deleted = await remove(group!.statusID);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: MESSAGES.groupDeleted });
    expect(await groupRow(group!._id)).toMatchObject({ deleted: true, statusId: group!.statusID });
    expect((await remove(group!.statusID)).statusCode).toBe(409);
    expect((await toggle(group!._id, '1')).statusCode).toBe(409);
    expect((await toggle(group!._id, '0')).statusCode).toBe(409);

    const after = (await listGroups()).body;
    expect([after.inactive, after.deleted, after.count]).toEqual([
      before.inactive - 1,
      before.deleted + 1,
      before.count,
    ]);
    const deletedRows = (await listGroups({ status: 'DELETED', limit: 100 })).body.groups;
    expect(deletedRows.find((row) => row._id === group!._id)).toMatchObject({ deleted: true });

    const [entry] = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, group!._id));
    expect(entry).toMatchObject({
      action: 'delete',
      entity: 'groups',
      actorId: admin.id,
      before: { status: 'INACTIVE' },
      after: { status: 'DELETED' },
    });
  });

  it('answers 404 for an unknown group and 400 for a bad id, target or statusId', async () => {
    const [group] = (await listGroups({ status: 1, limit: 1 })).body.groups;
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await toggle(unknown, '1')).statusCode).toBe(404);
    expect((await remove('G999999')).statusCode).toBe(404);
    for (const markas of ['2', '-1', 'DELETED', 'yes', '', undefined]) {
      const response = await toggle(group!._id, markas);
      expect(response.statusCode, String(markas)).toBe(400);
      expect(response.json().message).toMatch(/markas/);
    }
    expect((await toggle('abc', '1')).statusCode).toBe(400);
    for (const statusId of [undefined, '', 's'.repeat(10_000)]) {
      const response = await remove(statusId);
      expect(response.statusCode, String(statusId).slice(0, 10)).toBe(400);
      expect(response.json().message).toMatch(/statusId/);
    }
    // The factory's DELETE /group/:id does not exist: groups are deleted by statusID.
    const byId = await context.app.inject({ method: 'DELETE', url: `/admin/group/${group!._id}`, headers });
    expect(byId.statusCode).toBe(404);
    expect(await groupRow(group!._id)).toMatchObject({ active: true, deleted: false });
  });
});

describe('permissions of the group routes', () => {
  it('lets a read-only sub-admin list but not toggle or delete', async () => {
    const reader = await createAccount(context, {
      role: 'sub-admin',
      permissions: { groupManagement: { read: 1, write: 0, delete: 0 } },
    });
    const readerHeaders = bearer(await signIn(context, reader));
    const listed = await listGroups({ status: 1 }, readerHeaders);
    expect(listed.status).toBe(200);
    const group = listed.body.groups[0]!;
    expect((await toggle(group._id, '0', readerHeaders)).statusCode).toBe(403);
    expect((await remove(group.statusID, readerHeaders)).statusCode).toBe(403);
    expect(await groupRow(group._id)).toMatchObject({ active: true, deleted: false });
  });

  it('needs delete permission to delete, write to toggle', async () => {
    const writer = await createAccount(context, {
      role: 'sub-admin',
      permissions: { groupManagement: { read: 1, write: 1, delete: 0 } },
    });
    const writerHeaders = bearer(await signIn(context, writer));
    const [group] = (await listGroups({ status: 1, limit: 1 })).body.groups;
    expect((await remove(group!.statusID, writerHeaders)).statusCode).toBe(403);
    expect((await toggle(group!._id, '0', writerHeaders)).statusCode).toBe(200);
    expect((await toggle(group!._id, '1', writerHeaders)).statusCode).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('describes the group and user routes', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const expected of [
      '/admin/group',
      '/admin/group/toggle/{id}',
      '/admin/group/delete',
      '/admin/users',
      '/admin/users/enable',
      '/admin/users/disable',
      '/admin/users/addrole',
      '/admin/users/disablerole',
      '/admin/users/deleteuser',
    ]) {
      expect(paths).toContain(expected);
    }
  });
});
