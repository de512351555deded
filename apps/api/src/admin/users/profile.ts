import { PROFILE_PREVIEW_SIZE, type ProfileData } from '@roam/contract/details';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareRows, rowReaderOf } from '../../db/row-reader';
import { friendships, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { isUuid, newestFirst } from '../core/list-filters';
import { preparedStatement } from '../core/prepared';
import { listOwned, type Resource, selectView } from '../core/resource';
import { userResource } from './resource';

/** The areas a user's profile previews (SPEC §2 User profile); each key is also its count's prefix. */
export const PROFILE_LISTS = ['cafes', 'groups', 'rentals', 'jobs', 'shops'] as const;
export type ProfileLists = Record<(typeof PROFILE_LISTS)[number], Resource>;

// The profile's own statements, each prepared on first use (see core/prepared.ts).

/** The user by their `_id` or their `userID`. */
const userStatement = (db: Database, key: typeof users.id | typeof users.userId) =>
  preparedStatement(db, `profile user by ${key.name}`, (name) => {
    const query = selectView(db, users, userResource)
      .where(eq(key, sql.placeholder('key')))
      .limit(1);
    return prepareRows(db, query, name, rowReaderOf(userResource.select));
  });

/** The user's friend and block counts. */
const relationsStatement = (db: Database) =>
  preparedStatement(db, 'profile relations', (name) => {
    const row = rowReaderOf({
      friends: sql<number>`count(*) filter (where ${friendships.kind} = 'friend')`.mapWith(Number),
      blocked: sql<number>`count(*) filter (where ${friendships.kind} = 'blocked')`.mapWith(Number),
    });
    const query = db
      .select(row.fields)
      .from(friendships)
      .where(eq(friendships.userId, sql.placeholder('user')));
    return prepareRows(db, query, name, row);
  });

/** The user's newest friends. */
const friendsStatement = (db: Database) =>
  preparedStatement(db, 'profile friends', (name) => {
    const row = rowReaderOf({
      _id: users.id,
      userID: users.userId,
      username: users.username,
      fullname: users.fullname,
      lastname: users.lastname,
      profileURL: users.profileUrl,
    });
    const query = db
      .select(row.fields)
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(and(eq(friendships.userId, sql.placeholder('user')), eq(friendships.kind, 'friend')))
      .orderBy(...newestFirst(friendships.createdAt, friendships.friendId))
      .limit(PROFILE_PREVIEW_SIZE);
    return prepareRows(db, query, name, row);
  });

/**
 * A user's profile data (SPEC §3): the profile, the friend and block counts, the first friends, and
 * for each previewed area the newest few the user owns with their count. The areas' own
 * declarations (passed in, so that no area imports another) give what a row shows.
 */
export async function readProfileData(
  db: Database,
  lists: ProfileLists,
  userKey: string,
): Promise<ProfileData> {
  const byKey = userStatement(db, isUuid(userKey) ? users.id : users.userId);
  const [row] = await byKey.execute({ key: userKey });
  if (!row) throw notFound('User');
  const profile = userResource.toApi(row);
  const userId = profile._id;

  const [relations, friendList, ...previews] = await Promise.all([
    relationsStatement(db).execute({ user: userId }),
    friendsStatement(db).execute({ user: userId }),
    ...PROFILE_LISTS.map((area) => listOwned(db, lists[area], userId, PROFILE_PREVIEW_SIZE)),
  ]);
  // cafes and cafescount, groups and groupscount, ...: each area's rows in its list's shape.
  const owned = Object.fromEntries(
    PROFILE_LISTS.flatMap((area, index) => {
      const { rows, count } = previews[index] as { rows: unknown[]; count: number };
      return [
        [area, rows],
        [`${area}count`, count],
      ];
    }),
  );
  return {
    profile,
    friendscount: relations[0]?.friends ?? 0,
    blockedcount: relations[0]?.blocked ?? 0,
    friendList,
    ...owned,
  } as ProfileData;
}
