import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cafes, friendships, jobs, rentals, shops, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';

/** How many of an area's items the account owns that are not DELETED: a subquery of the account's row. */
function ownedCount(db: Database, table: typeof cafes | typeof jobs | typeof rentals | typeof shops) {
  const owned = db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.userId, users.id), ne(table.status, 'DELETED')));
  return sql`(${owned})`.mapWith(Number);
}

/**
 * The admin's account row and its counts (SPEC §3: cafes, friends, jobs, rentals, shops) in one
 * statement, each count a subquery: every page asks for it first, and six statements were six
 * round trips to the database (or six turns of the embedded one's single thread); undefined when gone.
 */
export async function readOwnAccount(db: Database, userId: string) {
  const friends = db
    .select({ n: count() })
    .from(friendships)
    .where(and(eq(friendships.userId, users.id), eq(friendships.kind, 'friend')));
  const [row] = await db
    .select({
      user: users,
      cafes: ownedCount(db, cafes),
      friends: sql`(${friends})`.mapWith(Number),
      jobs: ownedCount(db, jobs),
      rentals: ownedCount(db, rentals),
      shops: ownedCount(db, shops),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { user, ...counts } = row;
  return { user, counts };
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
