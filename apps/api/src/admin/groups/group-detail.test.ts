import { type GroupDetail, groupDetailResponseSchema } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { and, count, desc, eq } from 'drizzle-orm';
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

/** GET /admin/group/:id and POST /admin/group/remove/members over demo data. */
let context: TestContext;
let admin: TestAccount;
let headers: Record<string, string>;
/** The group with the most members. */
let group: typeof groups.$inferSelect;

beforeAll(async () => {
  ({ context, admin, headers } = await createDemoTestApp(300));
  const [largest] = await context.database.db
    .select({ groupId: groupMembers.groupId, n: count() })
    .from(groupMembers)
    .groupBy(groupMembers.groupId)
    .orderBy(desc(count()))
    .limit(1);
  [group] = await context.database.db.select().from(groups).where(eq(groups.id, largest!.groupId));
});
afterAll(async () => {
  await context?.close();
});

type Query = Record<string, string | number>;
const queryString = (query: Query) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function detail(key: string, query: Query = {}, as = headers) {
  const response = await context.app.inject({
    method: 'GET',
    url: `/admin/group/${encodeURIComponent(key)}?${queryString(query)}`,
    headers: as,
  });
  return { status: response.statusCode, body: response.json() as GroupDetail };
}
const removeMember = (payload: unknown, as = headers) =>
  context.app.inject({
    method: 'POST',
    url: '/admin/group/remove/members',
    headers: as,
    payload: payload as object,
  });

/** The group's memberships with their users, queried afresh, newest first. */
async function freshMembers(groupId = group.id) {
  return context.database.db
    .select({
      id: groupMembers.id,
      status: groupMembers.status,
      removed: groupMembers.removed,
      createdAt: groupMembers.createdAt,
      updatedAt: groupMembers.updatedAt,
      userId: users.id,
      userID: users.userId,
      username: users.username,
      email: users.email,
      fullname: users.fullname,
      lastname: users.lastname,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(desc(groupMembers.createdAt), desc(groupMembers.id));
}
type Member = Awaited<ReturnType<typeof freshMembers>>[number];

function countsOf(members: Member[]) {
  const of = (status: string) => members.filter((member) => member.status === status).length;
  return { active: of('ACTIVE'), inactive: of('INACTIVE'), deleted: of('DELETED') };
}

describe('GET /admin/group/:id', () => {
  it('answers the group and its members newest first, by statusID or _id, with fresh counts', async () => {
    const { status, body } = await detail(group.statusId, { limit: 100 });
    expect(status).toBe(200);
    const parsed = groupDetailResponseSchema.parse(body);
    expect(parsed.groupinfo).toMatchObject({ _id: group.id, statusID: group.statusId });
    const members = await freshMembers();
    expect(members.length).toBeGreaterThan(3);
    expect(parsed.members.map((member) => member._id)).toEqual(members.map((member) => member.id));
    expect(parsed.searchcount).toBe(members.length);
    expect({ active: parsed.active, inactive: parsed.inactive, deleted: parsed.deleted }).toEqual(
      countsOf(members),
    );
    expect(parsed.groupinfo.membersCount).toBe(members.filter((member) => !member.removed).length);
    const first = members[0]!;
    expect(parsed.members[0]!.user).toEqual({
      _id: first.userId,
      userID: first.userID,
      username: first.username,
      email: first.email,
      fullname: first.fullname,
    });
    expect((await detail(group.id, { limit: 100 })).body).toEqual(body);
  });

  it('shows the group as the list does', async () => {
    const list = await context.app.inject({
      method: 'GET',
      url: `/admin/group?searchphrase=${encodeURIComponent(group.statusText)}&limit=100`,
      headers,
    });
    const row = list.json().groups.find((candidate: { _id: string }) => candidate._id === group.id);
    expect((await detail(group.statusId)).body.groupinfo).toEqual(row);
  });

  it('pages 20 by default, without overlap', async () => {
    const members = await freshMembers();
    const { body } = await detail(group.statusId);
    expect(body.members).toHaveLength(Math.min(20, members.length));
    const first = (await detail(group.statusId, { skip: 0, limit: 2 })).body.members;
    const second = (await detail(group.statusId, { skip: 2, limit: 2 })).body.members;
    expect([...first, ...second].map((member) => member._id)).toEqual(
      members.slice(0, 4).map((member) => member.id),
    );
    const past = await detail(group.statusId, { skip: members.length + 5 });
    expect(past.body.members).toEqual([]);
    expect(past.body.searchcount).toBe(members.length);
  });

  it('filters by status in any case, keeping the counts', async () => {
    const members = await freshMembers();
    const counts = countsOf(members);
    for (const spelling of ['active', 'INACTIVE', 'Deleted', 'all']) {
      const { status, body } = await detail(group.statusId, { status: spelling, limit: 100 });
      expect(status, spelling).toBe(200);
      const upper = spelling.toUpperCase();
      const expected = upper === 'ALL' ? members : members.filter((member) => member.status === upper);
      expect(body.members.map((member) => member._id)).toEqual(expected.map((member) => member.id));
      expect(body.searchcount).toBe(expected.length);
      expect({ active: body.active, inactive: body.inactive, deleted: body.deleted }).toEqual(counts);
    }
  });

  it("searches the member's username, email and name, case-insensitively", async () => {
    const members = await freshMembers();
    const target = members[members.length - 1]!;
    for (const phrase of [target.username.toUpperCase(), target.email.split('@')[0]!, target.fullname]) {
      const term = phrase.toLowerCase();
      const expected = members.filter((member) =>
        [member.username, member.email, member.fullname, member.lastname].some((value) =>
          value.toLowerCase().includes(term),
        ),
      );
      const { body } = await detail(group.statusId, { searchphrase: phrase, limit: 100 });
      expect(body.members.map((member) => member._id)).toEqual(expected.map((member) => member.id));
      expect(body.members.map((member) => member._id)).toContain(target.id);
      expect({ active: body.active, inactive: body.inactive, deleted: body.deleted }).toEqual(
        countsOf(expected),
      );
    }
    const none = await detail(group.statusId, { searchphrase: '%' });
    expect(none.status).toBe(200);
    expect(none.body.searchcount).toBe(0);
  });

  it("filters by whole days, inclusive, on the membership's createdAt", async () => {
    const members = await freshMembers();
    const day = members[Math.floor(members.length / 2)]!.createdAt.toISOString().slice(0, 10);
    const { body } = await detail(group.statusId, { from_date: day, to_date: day, limit: 100 });
    const expected = members.filter((member) => member.createdAt.toISOString().slice(0, 10) === day);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.members.map((member) => member._id)).toEqual(expected.map((member) => member.id));
    const since = (await detail(group.statusId, { from_date: day, limit: 100 })).body;
    expect(since.searchcount).toBe(
      members.filter((member) => member.createdAt.toISOString().slice(0, 10) >= day).length,
    );
  });

  it('answers 404 for an unknown group and 400 for bad query values', async () => {
    for (const key of ['G999999', '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await detail(key);
      expect(status, key).toBe(404);
      expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const badQueries: Query[] = [
      { limit: 0 },
      { limit: 101 },
      { skip: -1 },
      { status: 'gone' },
      { from_date: '2024-02-30' },
      { from_date: '2024-03-02', to_date: '2024-03-01' },
      { to_date: 'yesterday' },
      { searchphrase: 'x'.repeat(201) },
    ];
    for (const query of badQueries) {
      const { status } = await detail(group.statusId, query);
      expect(status, JSON.stringify(query)).toBe(400);
    }
    expect((await detail('x'.repeat(101))).status).toBe(400);
  });
});

describe('POST /admin/group/remove/members', () => {
  it('marks the membership removed and DELETED, keeps the row, audits it, and refuses a second time', async () => {
    const members = await freshMembers();
    const target = members.find((member) => member.status === 'ACTIVE' && !member.removed)!;
    const before = (await detail(group.statusId)).body;

    const response = await removeMember({ statusID: group.statusId, userID: target.userID });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.memberRemoved });

    const [row] = await context.database.db.select().from(groupMembers).where(eq(groupMembers.id, target.id));
    expect(row).toMatchObject({ removed: true, status: 'DELETED' });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(target.updatedAt.getTime());

    const after = (await detail(group.statusId, { status: 'DELETED', limit: 100 })).body;
    expect(after.members.find((member) => member._id === target.id)).toMatchObject({
      status: 'DELETED',
      removed: true,
    });
    expect(after.deleted).toBe(before.deleted + 1);
    expect(after.active).toBe(before.active - 1);
    expect(after.groupinfo.membersCount).toBe(before.groupinfo.membersCount - 1);

    const [audit] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'remove-member'), eq(auditLog.entityId, group.id)));
    expect(audit).toMatchObject({ actorId: admin.id, entity: 'groups' });
    expect(audit!.after).toMatchObject({ member: target.userId, status: 'DELETED', removed: true });

    const again = await removeMember({ statusID: group.statusId, userID: target.userId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
  });

  it('takes the group by _id and the user by _id too', async () => {
    const target = (await freshMembers()).find((member) => member.status === 'ACTIVE' && !member.removed)!;
    const response = await removeMember({ statusID: group.id, userID: target.userId });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for an unknown group or a user who is not a member, 400 for a bad body', async () => {
    const memberIds = new Set((await freshMembers()).map((member) => member.userId));
    const [outsider] = (
      await context.database.db.select({ userID: users.userId, id: users.id }).from(users)
    ).filter((user) => !memberIds.has(user.id));
    expect((await removeMember({ statusID: 'G999999', userID: outsider!.userID })).statusCode).toBe(404);
    expect((await removeMember({ statusID: group.statusId, userID: outsider!.userID })).statusCode).toBe(404);
    expect((await removeMember({ statusID: group.statusId, userID: 'U9999999' })).statusCode).toBe(404);
    for (const payload of [
      {},
      { statusID: group.statusId },
      { statusID: '', userID: 'x' },
      { statusID: 1, userID: 2 },
    ]) {
      expect((await removeMember(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('needs groupManagement write; read lets a sub-admin see the members only', async () => {
    const target = (await freshMembers()).find((member) => member.status === 'ACTIVE' && !member.removed)!;
    const reader = bearer(
      await signIn(
        context,
        await createAccount(context, {
          role: 'sub-admin',
          permissions: { groupManagement: { read: 1, write: 0, delete: 0 } },
        }),
      ),
    );
    expect((await detail(group.statusId, {}, reader)).status).toBe(200);
    const refused = await removeMember({ statusID: group.statusId, userID: target.userID }, reader);
    expect(refused.statusCode).toBe(403);
    const [row] = await context.database.db.select().from(groupMembers).where(eq(groupMembers.id, target.id));
    expect(row!.removed).toBe(false);

    const outsider = bearer(
      await signIn(
        context,
        await createAccount(context, {
          role: 'sub-admin',
          permissions: { userManagement: { read: 1, write: 1, delete: 1 } },
        }),
      ),
    );
    expect((await detail(group.statusId, {}, outsider)).status).toBe(403);
  });
});
