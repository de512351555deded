import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cafes, friendships, jobs, rentals, shops, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';

/** What the signed-in admin owns that is not DELETED in one area. */
async function countOwned(
  db: Database,
  table: typeof cafes | typeof jobs | typeof rentals | typeof shops,
  userId: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.userId, userId), ne(table.status, 'DELETED')));
  return row?.n ?? 0;
}

/** The admin's account row and its counts (SPEC §3: cafes, friends, jobs, rentals, shops); undefined when gone. */
export async function readOwnAccount(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const [[friends], cafeCount, jobCount, rentalCount, shopCount] = await Promise.all([
    db
      .select({ n: count() })
      .from(friendships)
      .where(and(eq(friendships.userId, user.id), eq(friendships.kind, 'friend'))),
    countOwned(db, cafes, user.id),
    countOwned(db, jobs, user.id),
    countOwned(db, rentals, user.id),
    countOwned(db, shops, user.id),
  ]);
  return {
    user,
    counts: {
      cafes: cafeCount,
      friends: friends?.n ?? 0,
      jobs: jobCount,
      rentals: rentalCount,
      shops: shopCount,
    },
  };
}

export type OwnProfileChanges = {
  username: string;
  fullname: string;
  lastname: string;
  homeLocation?: string;
  profileUrl?: string;
};

/** Writes the admin's own profile fields, with the audit entry, in one transaction. */
export async function updateOwnProfile(db: Database, userId: string, input: OwnProfileChanges) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId));
    const changes = { ...input, updatedAt: new Date() };
    await tx.update(users).set(changes).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: userId,
      action: 'profile.update',
      entity: 'users',
      entityId: userId,
      before: before && {
        username: before.username,
        fullname: before.fullname,
        lastname: before.lastname,
        homeLocation: before.homeLocation,
        profileUrl: before.profileUrl,
      },
      after: changes,
    });
  });
}
