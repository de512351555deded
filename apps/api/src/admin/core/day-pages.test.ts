import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, type AreaName } from '@roam/contract/areas';
import { type ListSort, listQuerySchema } from '@roam/contract/lists';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planNodes } from '../../test-support/plans';
import { createDemoTestApp, getList, type TestContext } from '../../test-support/test-app';
import { RESOURCES } from '../resources';
import { DAY_PAGES_FROM_SKIP, dayPageWalk } from './day-pages';
import { listResource, pageQuery, type Resource, standardColumns, statusFilter } from './resource';

/**
 * Deep pages by skip in created_at order, read from their day (day-pages.ts): each equals the page
 * OFFSET reads, under every status and date filter, both ways, across midnight and ties; and the
 * day counters they read stay equal to a count of the rows through every kind of write.
 */
let context: TestContext;
let headers: Record<string, string>;

const resourceOf = (area: AreaName) => RESOURCES.find((declaration) => declaration.area === area) as Resource;

beforeAll(async () => {
  ({ context, headers } = await createDemoTestApp(30));
  const { db } = context.database;
  // 37 days of users, some at midnight exactly, some a microsecond before it, runs of equal times.
  await db.execute(sql`insert into users (user_id, username, email, status, created_at)
    select 'bulk' || n, 'user ' || n, 'bulk' || n || '@example.test',
      case when n % 11 = 0 then 'DELETED' when n % 7 = 0 then 'INACTIVE' else 'ACTIVE' end,
      timestamptz '2024-03-01 00:00:00+00' + (n % 37) * interval '1 day'
        + case n % 4 when 0 then interval '0' when 1 then interval '1 day' - interval '1 microsecond'
          else (n % 9) * interval '2 hours' end
    from generate_series(1, 2600) as n`);
  // Groups keep their status in booleans (a generated status column).
  await db.execute(sql`insert into groups (status_id, status_text, active, deleted, created_at)
    select 'bulk-' || n, 'Group ' || n, n % 3 <> 0, n % 13 = 0,
      timestamptz '2024-05-01 00:00:00+00' + (n % 23) * interval '1 day' + (n % 5) * interval '3 hours'
    from generate_series(1, 1400) as n`);
});
afterAll(async () => {
  await context?.close();
});

type ListBody = Record<string, unknown> & { nextCursor: string | null; searchcount: number };

async function listIds(area: AreaName, query: Record<string, string | number | undefined>) {
  const { status, body } = await getList<ListBody>(context, headers, area, query);
  expect(status, JSON.stringify(body)).toBe(200);
  const rows = body[AREAS[area].list.responseKey] as { _id: string }[];
  return { ids: rows.map((row) => row._id), body };
}

type Filters = { status: string; from_date?: string; to_date?: string };

/** The area's table and the filters as conditions on it, written straight (not the engine's). */
function filteredTable(area: AreaName, filters: Partial<Filters>) {
  const table = sql.identifier(getTableName(resourceOf(area).table));
  const conditions = [sql`true`];
  if (filters.status && filters.status !== 'All') conditions.push(sql`status = ${filters.status}`);
  if (filters.from_date) conditions.push(sql`created_at >= ${`${filters.from_date}T00:00:00Z`}::timestamptz`);
  if (filters.to_date) {
    conditions.push(sql`created_at < ${`${filters.to_date}T00:00:00Z`}::timestamptz + interval '1 day'`);
  }
  return { table, where: sql.join(conditions, sql` and `) };
}

/** The page OFFSET reads, straight from the table. */
async function offsetPage(area: AreaName, filters: Filters, sort: ListSort, skip: number, limit: number) {
  const { table, where } = filteredTable(area, filters);
  const direction = sql.raw(sort === 'createdAt' ? 'asc' : 'desc');
  const result = await context.database.db.execute(
    sql`select id from ${table} where ${where}
      order by created_at ${direction}, id ${direction} offset ${skip} limit ${limit}`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

const FILTERS: Filters[] = [
  { status: 'All' },
  { status: 'ACTIVE' },
  { status: 'INACTIVE' },
  { status: 'DELETED' },
  { status: 'All', from_date: '2024-03-04' },
  { status: 'ACTIVE', to_date: '2024-04-02' },
  { status: 'All', from_date: '2024-03-03', to_date: '2024-03-30' },
];

async function expectEveryDeepPageEqual(area: AreaName) {
  for (const sort of ['-createdAt', 'createdAt'] as ListSort[]) {
    for (const filters of FILTERS) {
      const first = await listIds(area, { ...filters, sort, skip: 0, limit: 20 });
      const matching = first.body.searchcount;
      const skips = [
        DAY_PAGES_FROM_SKIP,
        DAY_PAGES_FROM_SKIP + 37,
        matching - 20,
        matching - 3,
        matching,
        matching + 5,
      ];
      for (const skip of skips.filter((value) => value >= DAY_PAGES_FROM_SKIP)) {
        const label = `${area} ${sort} ${JSON.stringify(filters)} skip ${skip}`;
        const page = await listIds(area, { ...filters, sort, skip, limit: 20 });
        expect(page.ids, label).toEqual(await offsetPage(area, filters, sort, skip, 20));
        if (page.body.nextCursor) {
          const after = await listIds(area, { ...filters, sort, after: page.body.nextCursor, limit: 20 });
          expect(after.ids, `${label}, the page after it`).toEqual(
            await offsetPage(area, filters, sort, skip + 20, 20),
          );
        }
      }
    }
  }
}

/** day_counts against a count of every listed table's rows per UTC day and status. */
async function expectDayCountsExact() {
  const { db } = context.database;
  for (const declaration of RESOURCES) {
    const name = getTableName(declaration.table);
    const counted = await db.execute(
      sql`select (created_at at time zone 'UTC')::date::text as day,
          count(*) filter (where status = 'ACTIVE')::int as active,
          count(*) filter (where status = 'INACTIVE')::int as inactive,
          count(*) filter (where status = 'DELETED')::int as deleted
        from ${sql.identifier(name)} group by 1 order by 1`,
    );
    const kept = await db.execute(
      sql`select day::text as day, active::int as active, inactive::int as inactive, deleted::int as deleted
        from day_counts where entity = ${name} and active + inactive + deleted <> 0 order by 1`,
    );
    expect((kept as unknown as { rows: unknown[] }).rows, name).toEqual(
      (counted as unknown as { rows: unknown[] }).rows,
    );
  }
}

describe('a deep page by skip in created_at order, read from its day', () => {
  it('users: equals the page OFFSET reads, every status and date filter, both orders', async () => {
    await expectEveryDeepPageEqual('users');
  });

  it('groups (status from booleans): equals the page OFFSET reads', async () => {
    await expectEveryDeepPageEqual('groups');
  });

  it("passes over at most a day of index entries and reads only the page's rows", async () => {
    const declaration = resourceOf('users');
    const { db } = context.database;
    // As autovacuum leaves a table whose rows are settled: its pages marked all-visible.
    await db.execute(sql`vacuum users`);
    const skip = 2_400;
    const query = listQuerySchema.parse({ skip });
    const { createdAt, id } = standardColumns(declaration.table);
    const where = statusFilter(declaration, 'All');
    const walk = dayPageWalk({
      db,
      table: declaration.table,
      createdAt,
      id,
      where,
      isDescending: true,
      filters: query,
      skip,
      bind: (_name, value) => value,
    });
    const page = pageQuery(db, declaration, where, undefined, 21, skip, walk).query;
    const nodes = await planNodes(db, page, { analyze: true });
    const usersScans = nodes.filter((node) => node['Relation Name'] === 'users');
    // One day holds about 2,600 / 37 = 70 users: the page's first row is found among that day's
    // index entries, not 2,400 rows, and only the page's own rows are read.
    const rowScans = usersScans.filter((node) => node['Node Type'] !== 'Index Only Scan');
    const indexOnly = usersScans.filter((node) => node['Node Type'] === 'Index Only Scan');
    expect(indexOnly.length, JSON.stringify(usersScans)).toBe(1);
    expect(indexOnly[0]!['Actual Rows'] ?? 0).toBeLessThan(200);
    expect(rowScans.length).toBe(1);
    expect(rowScans[0]!['Actual Rows']).toBe(21);
  });
});

/** A count per status of the rows a date filter keeps, straight from the table. */
async function countedInRange(area: AreaName, filters: Omit<Filters, 'status'>) {
  const { table, where } = filteredTable(area, filters);
  const result = await context.database.db.execute(
    sql`select count(*) filter (where status = 'ACTIVE')::int as active,
        count(*) filter (where status = 'INACTIVE')::int as inactive,
        count(*) filter (where status = 'DELETED')::int as deleted
      from ${table} where ${where}`,
  );
  return (result as unknown as { rows: { active: number; inactive: number; deleted: number }[] }).rows[0];
}

describe("a date filter's tile counts", () => {
  const RANGES = [
    { from_date: '2024-03-04' },
    { to_date: '2024-04-02' },
    { from_date: '2024-03-03', to_date: '2024-03-30' },
    { from_date: '2024-03-10', to_date: '2024-03-10' },
    { from_date: '2024-05-05', to_date: '2024-05-20' },
    { from_date: '2031-01-01' },
  ];

  it("are the days' counters: exact, even where a filtered count would be sampled", async () => {
    // A policy that samples every table and estimates every count: dates alone are not estimated.
    const policy = { sampleAbove: 0, sampleRows: 100, exactBelow: 0 };
    for (const area of ['users', 'groups'] as const) {
      for (const range of RANGES) {
        for (const status of ['All', 'INACTIVE'] as const) {
          const query = listQuerySchema.parse({ ...range, status, limit: 5 });
          const result = await listResource(context.database.db, resourceOf(area), query, { policy });
          const label = `${area} ${status} ${JSON.stringify(range)}`;
          const counted = await countedInRange(area, range);
          expect(
            { active: result.active, inactive: result.inactive, deleted: result.deleted },
            label,
          ).toEqual(counted);
          expect(result.searchcount, label).toBe(
            status === 'All' ? counted.active + counted.inactive + counted.deleted : counted.inactive,
          );
          expect({ capped: result.countsCapped, estimated: result.countsEstimated }, label).toEqual({
            capped: false,
            estimated: false,
          });
        }
      }
    }
  });

  it('still count the rows when another filter is present (a search with dates)', async () => {
    const policy = { sampleAbove: 0, sampleRows: 1_000_000, exactBelow: 0 };
    const query = listQuerySchema.parse({ from_date: '2024-03-04', searchphrase: 'user 1', limit: 5 });
    const result = await listResource(context.database.db, resourceOf('users'), query, { policy });
    expect(result.countsEstimated).toBe(true);
  });
});

describe('the day counters', () => {
  it('equal a count of every listed table after seeding and bulk inserts', async () => {
    await expectDayCountsExact();
  });

  it('are filled by their migration from the rows a database already holds', async () => {
    const { db } = context.database;
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../../drizzle/0008_day_counts.sql'),
      'utf8',
    );
    const fill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(fill).toContain('INSERT INTO day_counts');
    await db.execute(sql`delete from day_counts`);
    await db.execute(sql.raw(fill));
    await expectDayCountsExact();
  });

  it('follow status changes, deletes, moved creation times, bulk updates and truncation', async () => {
    const { db } = context.database;
    const active = await listIds('cafes', { status: 'ACTIVE', limit: 6 });
    for (const [index, id] of active.ids.entries()) {
      const response = await context.app.inject(
        index % 2 === 0
          ? { method: 'DELETE', url: `/admin/cafe/${id}`, headers }
          : { method: 'PUT', url: `/admin/cafe/toggle/${id}?markas=INACTIVE`, headers },
      );
      expect([200, 204]).toContain(response.statusCode);
    }
    await db.execute(
      sql`update users set created_at = created_at - interval '3 days' where user_id like 'bulk1%'`,
    );
    await db.execute(sql`update groups set active = not active where status_text like 'Group 1%'`);
    await db.execute(sql`delete from users where user_id like 'bulk2%'`);
    await expectDayCountsExact();
    await expectEveryDeepPageEqual('users');
    await db.execute(sql`truncate group_members, groups cascade`);
    await expectDayCountsExact();
  });
});
