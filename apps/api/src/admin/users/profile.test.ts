import { PROFILE_PREVIEW_SIZE, type ProfileData, profileDataResponseSchema } from '@roam/contract/details';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafes, friendships, groups, jobs, rentals, shops, users } from '../../db/schema';
import {
  bearer,
  createAccount,
  createDemoTestApp,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test-support/test-app';
import { PROFILE_LISTS } from './profile';

/** GET /admin/users/profile/data over demo data: counts and previews against fresh queries. */
let context: TestContext;
let admin: TestAccount;
let headers: Record<string, string>;

beforeAll(async () => {
  ({ context, admin, headers } = await createDemoTestApp(300));
});
afterAll(async () => {
  await context?.close();
});

const profileOf = (uid: string | undefined, as = headers) =>
  context.app.inject({
    method: 'GET',
    url: `/admin/users/profile/data${uid === undefined ? '' : `?uid=${encodeURIComponent(uid)}`}`,
    headers: as,
  });

const OWNED_TABLES = { cafes, groups, rentals, jobs, shops } as const;

/** What the user owns in one area, not DELETED, newest first: ids and count, queried afresh. */
async function freshOwned(area: keyof typeof OWNED_TABLES, userId: string) {
  const table = OWNED_TABLES[area];
  const where = and(eq(table.userId, userId), ne(table.status, 'DELETED'));
  const rows = await context.database.db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id));
  return rows.map((row) => row.id);
}

/** The users who own the most (showcase owners come first in the demo data). */
async function busiestOwner() {
  const [row] = await context.database.db
    .select({ userId: cafes.userId, n: count() })
    .from(cafes)
    .groupBy(cafes.userId)
    .orderBy(desc(count()))
    .limit(1);
  const [user] = await context.database.db.select().from(users).where(eq(users.id, row!.userId!));
  return user!;
}

describe('GET /admin/users/profile/data', () => {
  it('answers the profile, exact counts and the newest five of each list', async () => {
    const user = await busiestOwner();
    const response = await profileOf(user.id);
    expect(response.statusCode).toBe(200);
    const body = profileDataResponseSchema.parse(response.json());
    expect(body.profile).toMatchObject({ _id: user.id, userID: user.userId, email: user.email });

    for (const area of PROFILE_LISTS) {
      const expected = await freshOwned(area, user.id);
      expect(body[`${area}count` as keyof ProfileData], area).toBe(expected.length);
      const rows = body[area] as { _id: string; createdAt: string }[];
      expect(rows.length, area).toBe(Math.min(PROFILE_PREVIEW_SIZE, expected.length));
      expect(
        rows.map((row) => row._id),
        area,
      ).toEqual(expected.slice(0, PROFILE_PREVIEW_SIZE));
    }
    // The busiest owner has enough of something for View All.
    expect(body.cafescount).toBeGreaterThanOrEqual(PROFILE_PREVIEW_SIZE);

    const relations = await context.database.db
      .select({ friendId: friendships.friendId, kind: friendships.kind })
      .from(friendships)
      .where(eq(friendships.userId, user.id));
    const friendIds = relations.filter((row) => row.kind === 'friend').map((row) => row.friendId);
    expect(body.friendscount).toBe(friendIds.length);
    expect(body.blockedcount).toBe(relations.filter((row) => row.kind === 'blocked').length);
    expect(body.friendList.length).toBe(Math.min(PROFILE_PREVIEW_SIZE, friendIds.length));
    for (const friend of body.friendList) expect(friendIds).toContain(friend._id);
  });

  it('finds the user by _id or userID alike', async () => {
    const user = await busiestOwner();
    const byId = (await profileOf(user.id)).json();
    const byUserID = (await profileOf(user.userId)).json();
    expect(byUserID).toEqual(byId);
  });

  it('leaves DELETED items out of the counts and previews', async () => {
    const user = await busiestOwner();
    const before = profileDataResponseSchema.parse((await profileOf(user.id)).json());
    const target = before.cafes[0]!;
    const deleted = await context.app.inject({ method: 'DELETE', url: `/admin/cafe/${target._id}`, headers });
    expect(deleted.statusCode).toBe(200);
    const after = profileDataResponseSchema.parse((await profileOf(user.id)).json());
    expect(after.cafescount).toBe(before.cafescount - 1);
    expect(after.cafes.map((cafe) => cafe._id)).not.toContain(target._id);
  });

  it("answers the caller's own profile without uid", async () => {
    const response = await profileOf(undefined);
    expect(response.statusCode).toBe(200);
    const body = profileDataResponseSchema.parse(response.json());
    expect(body.profile).toMatchObject({ _id: admin.id, userID: admin.userID });
    expect(body.cafescount).toBe(0);
    expect(body.cafes).toEqual([]);
    expect(body.friendList).toEqual([]);
  });

  it('answers 404 for an unknown user and 400 for a bad uid', async () => {
    for (const uid of ['00000000-0000-4000-8000-000000000000', 'U9999999']) {
      const response = await profileOf(uid);
      expect(response.statusCode, uid).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    for (const uid of ['', 'x'.repeat(101)]) {
      expect((await profileOf(uid)).statusCode, uid).toBe(400);
    }
  });

  it('needs userManagement read', async () => {
    const user = await busiestOwner();
    const outsider = bearer(
      await signIn(
        context,
        await createAccount(context, {
          role: 'sub-admin',
          permissions: { cafeManagement: { read: 1, write: 1, delete: 1 } },
        }),
      ),
    );
    expect((await profileOf(user.id, outsider)).statusCode).toBe(403);
    const reader = bearer(
      await signIn(
        context,
        await createAccount(context, {
          role: 'sub-admin',
          permissions: { userManagement: { read: 1, write: 0, delete: 0 } },
        }),
      ),
    );
    expect((await profileOf(user.id, reader)).statusCode).toBe(200);
  });
});
