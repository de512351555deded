import { PROFILE_PREVIEW_SIZE, type ProfileData } from '@roam/contract/details';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { friendships, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { isUuid, newestFirst } from '../core/list-filters';
import { findResource, listOwned, type Resource } from '../core/resource';
import { userResource } from './resource';

/** The areas a user's profile previews (SPEC §2 User profile); each key is also its count's prefix. */
export const PROFILE_LISTS = ['cafes', 'groups', 'rentals', 'jobs', 'shops'] as const;
export type ProfileLists = Record<(typeof PROFILE_LISTS)[number], Resource>;

/** A user by their `_id` (a UUID) or their `userID`. */
export const userKeyCondition = (key: string) => (isUuid(key) ? eq(users.id, key) : eq(users.userId, key));

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
  const profile = await findResource(db, userResource, userKeyCondition(userKey));
  if (!profile) throw notFound('User');
  const userId = profile._id;

  const [relations, friendList, ...previews] = await Promise.all([
    db
      .select({
        friends: sql<number>`count(*) filter (where ${friendships.kind} = 'friend')`.mapWith(Number),
        blocked: sql<number>`count(*) filter (where ${friendships.kind} = 'blocked')`.mapWith(Number),
      })
      .from(friendships)
      .where(eq(friendships.userId, userId)),
    db
      .select({
        _id: users.id,
        userID: users.userId,
        username: users.username,
        fullname: users.fullname,
        lastname: users.lastname,
        profileURL: users.profileUrl,
      })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(and(eq(friendships.userId, userId), eq(friendships.kind, 'friend')))
      .orderBy(...newestFirst(friendships.createdAt, friendships.friendId))
      .limit(PROFILE_PREVIEW_SIZE),
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
