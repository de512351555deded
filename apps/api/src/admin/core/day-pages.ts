import type { RecordStatus } from '@roam/contract/status';
import { getTableName, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { dayCounts } from '../../db/schema';
import type { PageWalk } from './cursor';
import { sortedBy } from './list-filters';
import type { Bind } from './prepared';

/**
 * A deep page by `skip` in created_at order, read from its day (issue 18: no page reads more than a
 * few thousand index entries, whatever skip is). `day_counts` holds how many rows of each listed
 * table were created on each UTC day, per status, kept on write by the status counts' triggers. The
 * page's statement adds up the days in the list's order to find the day its first row is on and how
 * many rows the days before it hold, then finds the page's first row in the (created_at, id) index
 * from that day's edge, passing over only that day's rows before the page, in the index alone (an
 * index-only scan: no row is read to be skipped), and reads the page's rows from there: one counter
 * per day (about a thousand for three years), at most one day of index entries and the page's own
 * rows, instead of every row before the page. One statement, one snapshot: the page is the one
 * OFFSET reads.
 */

/** From this skip on a page by skip in created_at order is read from its day (below, OFFSET reads less). */
export const DAY_PAGES_FROM_SKIP = 1_000;

/** The filters a page by day can honour: status and whole UTC days (every other filter reads OFFSET). */
export type DayFilters = {
  status: RecordStatus | 'All';
  from_date?: string;
  to_date?: string;
};

/** A page walk that also names its CTE (the page's day, and the rows the days before it hold). */
export type DayPageWalk = PageWalk & { with: ReturnType<typeof dayPageOf> };

/** The counters of `table`'s days from `from_date` to `to_date` (whole UTC days, inclusive). */
export function daysOf(table: PgTable, filters: Omit<DayFilters, 'status'>, bind: Bind): SQL {
  const { entity, day } = dayCounts;
  const conditions = [sql`${entity} = ${getTableName(table)}`];
  if (filters.from_date) conditions.push(sql`${day} >= ${bind('fromDay', filters.from_date)}::date`);
  if (filters.to_date) conditions.push(sql`${day} <= ${bind('toDay', filters.to_date)}::date`);
  return sql.join(conditions, sql` and `);
}

function dayPageOf(
  db: Database,
  table: PgTable,
  filters: DayFilters,
  isDescending: boolean,
  skip: unknown,
  bind: Bind,
) {
  const { day, active, inactive, deleted } = dayCounts;
  const rows =
    filters.status === 'All'
      ? sql`${active} + ${inactive} + ${deleted}`
      : { ACTIVE: active, INACTIVE: inactive, DELETED: deleted }[filters.status];
  const direction = sql.raw(isDescending ? 'desc' : 'asc');
  // The edge of the page's day the walk starts from: its end walking down, its start walking up.
  const edge = sql.raw(
    isDescending ? `(day + 1)::timestamp at time zone 'UTC'` : `day::timestamp at time zone 'UTC'`,
  );
  return db.$with('day_page', { edge: sql<Date>`edge`, before: sql<number>`before` }).as(
    sql`select ${edge} as edge, before from (
      select day, rows, sum(rows) over (order by day ${direction}) - rows as before from (
        select ${day} as day, ${rows} as rows from ${dayCounts} where ${daysOf(table, filters, bind)}
      ) as days
    ) as running
    where before + rows > ${skip} order by day ${direction} limit 1`,
  );
}

/**
 * The walk of a page by skip from its day. `where` is the page's own filters (status, dates) on its
 * table; `skip` is the bound OFFSET the page would otherwise read. The page starts at its first row,
 * found by the index entries of its day alone: (created_at, id) of the row `skip - before` rows past
 * the day's edge, under the same filters.
 */
export function dayPageWalk(input: {
  db: Database;
  table: PgTable;
  createdAt: PgColumn;
  id: PgColumn;
  where: SQL | undefined;
  isDescending: boolean;
  filters: DayFilters;
  skip: number | Placeholder;
  bind: Bind;
}): DayPageWalk {
  const { createdAt, id } = input;
  const dayPage = dayPageOf(input.db, input.table, input.filters, input.isDescending, input.skip, input.bind);
  const [past, from] = input.isDescending ? ['<', '<='] : ['>=', '>='];
  const fromDay = sql`${createdAt} ${sql.raw(past)} (select edge from ${dayPage})`;
  const firstRow = sql`select ${createdAt}, ${id} from ${input.table}
    where ${input.where ? sql`${input.where} and ${fromDay}` : fromDay}
    order by ${sql.join(sortedBy(createdAt, id, input.isDescending), sql`, `)}
    offset (select (${input.skip} - before)::bigint from ${dayPage}) limit 1`;
  return {
    isReversed: false,
    condition: sql`(${createdAt}, ${id}) ${sql.raw(from)} (${firstRow})`,
    // The status picks the counters' column: it is part of the statement's text.
    shape: `day ${input.filters.status}`,
    with: dayPage,
  };
}
