import {
  addPeriods,
  type GraphType,
  type GraphWindow,
  periodLabel,
  periodsBetween,
} from '@roam/contract/analytics';
import { countryByIso } from '@roam/contract/places';
import { and, eq, getTableName, gte, lt, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activeUserCounts,
  cafes,
  cities,
  countryLastActive,
  groups,
  groupsCreatedDaily,
  jobs,
  rentals,
  shops,
  statusCounts,
  userActivity,
  users,
} from '../../db/schema';

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

/** A user was active on a day in a country (ISO 3166-1 alpha-2). */
export type Activity = { userId: string; country: string; at: Date };

/**
 * Records activity: one raw row per user, UTC day and country (a repeat is a no-op). The
 * database's user_activity_rollups trigger updates every rollup in the same statement, so the
 * analytics answers are exact as soon as it commits.
 */
export async function recordActivity(db: Database, activity: Activity | readonly Activity[]) {
  const list = Array.isArray(activity) ? activity : [activity as Activity];
  if (list.length === 0) return;
  await db
    .insert(userActivity)
    .values(
      list.map(({ userId, country, at }) => {
        const known = countryByIso(country);
        if (!known) throw new Error(`Unknown country code ${country}`);
        return { userId, country: known.iso, day: at.toISOString().slice(0, 10) };
      }),
    )
    .onConflictDoNothing();
}

const GRANULARITY: Readonly<Record<GraphType, 'day' | 'month' | 'year'>> = {
  daily: 'day',
  monthly: 'month',
  yearly: 'year',
};

/** One `{label: count}` per period of the window, zeros included, oldest first. */
function toGraph(window: GraphWindow, counts: ReadonlyMap<string, number>) {
  return periodsBetween(window.type, window.first, window.last).map((period) => ({
    [periodLabel(window.type, period)]: counts.get(period) ?? 0,
  }));
}

/** Distinct active users per period of the window, from active_user_counts. */
export async function readActiveUsersGraph(db: Database, window: GraphWindow) {
  const rows = await db
    .select({ period: activeUserCounts.period, users: activeUserCounts.users })
    .from(activeUserCounts)
    .where(
      and(
        eq(activeUserCounts.granularity, GRANULARITY[window.type]),
        gte(activeUserCounts.period, window.first),
        lt(activeUserCounts.period, addPeriods(window.type, window.last, 1)),
      ),
    );
  return toGraph(window, new Map(rows.map((row) => [row.period, row.users])));
}

/** Groups created per period of the window, from groups_created_daily (at most 366 days a year). */
export async function readGroupsCreatedGraph(db: Database, window: GraphWindow) {
  const period: SQL<string> =
    window.type === 'daily'
      ? sql`${groupsCreatedDaily.day}::text`
      : sql`date_trunc(${GRANULARITY[window.type]}, ${groupsCreatedDaily.day}::timestamp)::date::text`;
  const rows = await db
    .select({ period, groups: sql<number>`sum(${groupsCreatedDaily.groups})::int` })
    .from(groupsCreatedDaily)
    .where(
      and(
        gte(groupsCreatedDaily.day, window.first),
        lt(groupsCreatedDaily.day, addPeriods(window.type, window.last, 1)),
      ),
    )
    .groupBy(sql`1`);
  return toGraph(window, new Map(rows.map((row) => [row.period, row.groups])));
}

/**
 * Distinct users active since `from` (to today), per country, most first: the sum of
 * country_last_active from that day on, at most one row per day and country.
 */
export async function readActiveUsersByCountry(db: Database, from: string) {
  const users = sql<number>`sum(${countryLastActive.users})::int`;
  const rows = await db
    .select({ iso: countryLastActive.country, users })
    .from(countryLastActive)
    .where(gte(countryLastActive.day, from))
    .groupBy(countryLastActive.country)
    .having(sql`sum(${countryLastActive.users}) > 0`);
  return rows
    .map((row) => ({ name: countryByIso(row.iso)?.name ?? row.iso, users: row.users }))
    .sort((a, b) => b.users - a.users || a.name.localeCompare(b.name, 'en'))
    .map((row) => ({ [row.name]: row.users }));
}
