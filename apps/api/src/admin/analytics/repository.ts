import { getTableName, ne, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cafes, cities, groups, jobs, rentals, shops, statusCounts, users } from '../../db/schema';

/**
 * Records that are not deleted, per counted area (SPEC §3), from the counts kept on write
 * (status_counts): the dashboard never counts a large table.
 */
export async function readLiveCounts(db: Database) {
  const rows = await db
    .select({ entity: statusCounts.entity, n: sum(statusCounts.n).mapWith(Number) })
    .from(statusCounts)
    .where(ne(statusCounts.status, 'DELETED'))
    .groupBy(statusCounts.entity);
  const live = (table: Parameters<typeof getTableName>[0]) =>
    rows.find((row) => row.entity === getTableName(table))?.n ?? 0;
  return {
    usercount: live(users),
    shopcount: live(shops),
    rentalscount: live(rentals),
    jobscount: live(jobs),
    groupcount: live(groups),
    citycount: live(cities),
    cafecount: live(cafes),
  };
}
