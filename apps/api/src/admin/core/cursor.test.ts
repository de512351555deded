import { AREAS, type AreaName } from '@roam/contract/areas';
import { type ListSort, sortValues } from '@roam/contract/lists';
import { getTableName, is, sql } from 'drizzle-orm';
import { index, PgColumn, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlanNode, planNodes } from '../../test-support/plans';
import { createDemoTestApp, getList, type TestContext } from '../../test-support/test-app';
import { RESOURCES } from '../resources';
import {
  defineListView,
  type ListQuery,
  listResource,
  pageQuery,
  planPage,
  type Resource,
  statusFilter,
} from './resource';

/**
 * Paging by cursor (DESIGN §4): through the real routes, every area, every order, the page reached
 * from a cursor is the page skip numbers, with ties in the sort keys so that the id breaks them and
 * keys that differ only in microseconds.
 */
let context: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ({ context, headers } = await createDemoTestApp(40));
  const { db } = context.database;
  for (const declaration of RESOURCES) {
    const table = sql.identifier(getTableName(declaration.table));
    // Runs of equal values in every sort column, and created_at values a millisecond cannot tell apart.
    const run = (offset: number, size: number) =>
      sql`(select id from ${table} order by id offset ${offset} limit ${size})`;
    await db.execute(
      sql`update ${table} set created_at = '2021-06-01 12:00:00.000001+00' where id in ${run(0, 4)}`,
    );
    await db.execute(
      sql`update ${table} set created_at = '2021-06-01 12:00:00.000002+00' where id in ${run(4, 3)}`,
    );
    for (const column of Object.values(declaration.sortColumns ?? {})) {
      if (!is(column, PgColumn)) continue;
      const value = column.getSQLType().startsWith('timestamp') ? '2021-06-01 12:00:00.000001+00' : 'Same';
      const name = sql.identifier(column.name);
      await db.execute(sql`update ${table} set ${name} = ${value} where id in ${run(7, 5)}`);
    }
  }
});
afterAll(async () => {
  await context?.close();
});

type ApiRow = { _id: string } & Record<string, unknown>;
type ListBody = Record<string, unknown> & {
  searchcount: number;
  nextCursor: string | null;
  prevCursor: string | null;
  message?: string;
};

const list = (area: AreaName, query: Record<string, string | number | undefined>) =>
  getList<ListBody>(context, headers, area, query);

const idsOf = (area: AreaName, body: ListBody) =>
  (body[AREAS[area].list.responseKey] as ApiRow[]).map((row) => row._id);

async function page(area: AreaName, query: Record<string, string | number | undefined>) {
  const { status, body } = await list(area, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return { ids: idsOf(area, body), body };
}

/** A page size that ends pages inside the runs of equal values. */
const LIMIT = 6;

const CASES = RESOURCES.flatMap((declaration) => {
  const sorts = [undefined, ...sortValues(AREAS[declaration.area].list.sort as readonly string[])];
  return [
    ...sorts.map((sort) => [declaration.area, sort ?? '(newest first)', 'All', sort] as const),
    [declaration.area, '(newest first)', 'ACTIVE', undefined] as const,
  ];
});

describe('a page read from a cursor is the page skip reads', () => {
  it.each(CASES)('%s by %s, status %s', async (area, _label, status, sort) => {
    const base = { sort, status, limit: LIMIT };
    const skipPages: Awaited<ReturnType<typeof page>>[] = [];
    let searchcount = 0;
    do {
      const read = await page(area, { ...base, skip: skipPages.length * LIMIT });
      searchcount = read.body.searchcount;
      skipPages.push(read);
    } while (skipPages.length * LIMIT < searchcount);
    expect(searchcount).toBeGreaterThan(LIMIT * 2);
    const last = skipPages.length - 1;

    for (const [index, skipPage] of skipPages.entries()) {
      const { nextCursor, prevCursor } = skipPage.body;
      expect(nextCursor === null, `page ${index} nextCursor`).toBe(index === last);
      expect(prevCursor === null, `page ${index} prevCursor`).toBe(index === 0);
      if (nextCursor) {
        const after = await page(area, { ...base, after: nextCursor });
        expect(after.ids, `after page ${index}`).toEqual(skipPages[index + 1]?.ids);
        expect(after.body.nextCursor === null).toBe(index + 1 === last);
        // skip is ignored beside a cursor.
        expect((await page(area, { ...base, after: nextCursor, skip: 5 })).ids).toEqual(after.ids);
      }
      if (prevCursor) {
        const before = await page(area, { ...base, before: prevCursor });
        expect(before.ids, `before page ${index}`).toEqual(skipPages[index - 1]?.ids);
        expect(before.body.prevCursor === null).toBe(index - 1 === 0);
      }
    }

    const end = await page(area, { ...base, before: 'end' });
    expect(end.ids).toEqual(skipPages[last]?.ids);
    expect(end.body.nextCursor).toBeNull();

    // Walked from the end by `before` and from the start by `after`, every row once, in order.
    const everyRow = skipPages.flatMap((skipPage) => skipPage.ids);
    const backward: string[][] = [end.ids];
    let cursor = end.body.prevCursor;
    while (cursor) {
      const before = await page(area, { ...base, before: cursor });
      backward.unshift(before.ids);
      cursor = before.body.prevCursor;
    }
    expect(backward.flat()).toEqual(everyRow);
    const forward: string[][] = [skipPages[0]?.ids ?? []];
    cursor = skipPages[0]?.body.nextCursor ?? null;
    while (cursor) {
      const after = await page(area, { ...base, after: cursor });
      forward.push(after.ids);
      cursor = after.body.nextCursor;
    }
    expect(forward.flat()).toEqual(everyRow);
  });
});

describe('a bad cursor', () => {
  const encode = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url');
  const someId = '7f1c8e8a-1b2c-4d3e-8f90-123456789abc';

  it.each(['users', 'groups', 'shops'] as const)('%s: answers 400 naming the parameter', async (area) => {
    const { body: first } = await list(area, { limit: 3 });
    const next = first.nextCursor as string;
    const { body: byStatus } = await list(area, { limit: 3, sort: 'status' });
    const bad: [Record<string, string>, string][] = [
      [{ after: 'nope' }, 'after'],
      [{ before: '!!!' }, 'before'],
      [{ after: 'x'.repeat(3000) }, 'after'],
      [{ after: next, before: next }, 'after'],
      // Another order's cursor: newest first's under createdAt ascending, status's under newest first.
      [{ after: next, sort: 'createdAt' }, 'after'],
      [{ before: byStatus.nextCursor as string }, 'before'],
      [{ after: encode({ s: '-createdAt', k: '2021-02-31 00:00:00+00', i: someId }) }, 'after'],
      [{ after: encode({ s: '-createdAt', k: "1'; select 1; --", i: someId }) }, 'after'],
      [{ after: encode({ s: '-createdAt', k: null, i: someId }) }, 'after'],
      [{ after: encode({ s: '-createdAt', k: '2021-06-01 12:00:00+00', i: 'abc' }) }, 'after'],
      [{ after: encode(['-createdAt']) }, 'after'],
      [{ after: encode({ s: 'status', k: 7, i: someId }), sort: 'status' }, 'after'],
    ];
    for (const [query, param] of bad) {
      const { status, body } = await list(area, { limit: 3, ...query });
      expect(status, JSON.stringify(query)).toBe(400);
      expect(String(body.message), JSON.stringify(query)).toContain(param);
    }
    // A well-formed cursor of the right order is a place, whether or not a row sits there.
    const made = encode({ s: '-createdAt', k: '2021-06-01 12:00:00.5+02:00', i: someId });
    expect((await list(area, { after: made })).status).toBe(200);
  });
});

/** A table with a nullable sort key: nulls first ascending, last descending, as the index keeps them. */
const probe = pgTable(
  'cursor_probe',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    label: text('label'),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('cursor_probe_label_idx').on(t.label.desc(), t.id.desc())],
);
const probeView = defineListView({
  area: 'users',
  table: probe,
  select: { id: probe.id, label: probe.label },
  toApi: (row) => ({ _id: row.id, label: row.label }),
  sortColumns: { label: probe.label },
});

describe('a nullable sort key', () => {
  beforeAll(async () => {
    const { db } = context.database;
    await db.execute(sql`create table cursor_probe (
      id uuid primary key default gen_random_uuid(), label text,
      status text not null default 'ACTIVE', created_at timestamptz not null default now())`);
    await db.execute(sql`create index cursor_probe_label_idx on cursor_probe (label desc, id desc)`);
    await db.execute(sql`insert into cursor_probe (label)
      select case when n % 4 = 0 then null when n % 4 = 1 then 'b' else 'label ' || (n % 7) end
      from generate_series(1, 45) as n`);
  });

  // Counted (a filter that holds for every row) rather than read from the counts kept on write.
  const everyRow = () => [sql`true`];
  const read = (query: Partial<ListQuery>) =>
    listResource(
      context.database.db,
      probeView as Resource,
      { skip: 0, limit: 7, status: 'All', searchphrase: '', ...query } as ListQuery,
      { conditions: everyRow },
    );
  const ids = (rows: unknown[]) => (rows as { _id: string }[]).map((row) => row._id);

  it.each(['label', '-label'] as const)('by %s: cursor pages are the skip pages', async (sort) => {
    const skipPages = [];
    for (let skip = 0; skip < 45; skip += 7) skipPages.push(await read({ sort, skip }));
    const labels = skipPages.flatMap((skipPage) => skipPage.rows as { label: string | null }[]);
    // Nulls first ascending, last descending.
    expect(labels[0]?.label === null).toBe(sort === 'label');
    expect(labels.at(-1)?.label === null).toBe(sort === '-label');
    for (const [index, skipPage] of skipPages.entries()) {
      if (skipPage.nextCursor) {
        const after = await read({ sort, after: skipPage.nextCursor });
        expect(ids(after.rows), `after ${index}`).toEqual(ids(skipPages[index + 1]?.rows ?? []));
      }
      if (skipPage.prevCursor) {
        const before = await read({ sort, before: skipPage.prevCursor });
        expect(ids(before.rows), `before ${index}`).toEqual(ids(skipPages[index - 1]?.rows ?? []));
      }
    }
    expect(ids((await read({ sort, before: 'end' })).rows)).toEqual(ids(skipPages.at(-1)?.rows ?? []));
  });
});

describe('a deep page read from a cursor walks the index', () => {
  const USERS = 6000;
  const users = RESOURCES.find((declaration) => declaration.area === 'users') as Resource;

  beforeAll(async () => {
    const { db } = context.database;
    await db.execute(sql`insert into users (user_id, username, email, status, created_at)
      select 'bulk' || n, 'user ' || (n % 500), 'bulk' || n || '@example.test',
        case when n % 5 = 0 then 'INACTIVE' else 'ACTIVE' end,
        timestamptz '2020-01-01' + n * interval '1 minute' + (n % 3) * interval '1 microsecond'
      from generate_series(1, ${USERS}) as n`);
    await db.execute(sql`analyze users`);
  });

  /** The plan PostgreSQL runs for the page (EXPLAIN ANALYZE): its nodes, with the rows each read. */
  async function planOf(query: Partial<ListQuery>) {
    const { db } = context.database;
    const full = { skip: 0, limit: 20, status: 'All', searchphrase: '', ...query } as ListQuery;
    const { walk } = planPage(users, full);
    const where = statusFilter(users, full.status);
    const pageSql = pageQuery(db, users, where, full.sort, 21, walk.condition ? 0 : full.skip, walk).query;
    return planNodes(db, pageSql, { analyze: true });
  }
  /** The most rows any node of the plan read. */
  const mostRows = (nodes: PlanNode[]) => Math.max(...nodes.map((node) => node['Actual Rows'] ?? 0));

  it.each([undefined, 'username', '-username', 'status', 'createdAt'] as (ListSort | undefined)[])(
    'users by %s, page 250 of 300: no sort, about a page of rows read (skip reads every row before it)',
    async (sort) => {
      const skip = 249 * 20;
      // The cursor the panel holds on page 249: that page's nextCursor.
      const { nextCursor } = await listResource(context.database.db, users, {
        skip: skip - 20,
        limit: 20,
        status: 'All',
        searchphrase: '',
        sort,
      } as ListQuery);
      expect(nextCursor).not.toBeNull();
      const cursorPlan = await planOf({ sort, after: nextCursor as string });
      expect(cursorPlan.filter((node) => node['Node Type'].includes('Sort'))).toEqual([]);
      expect(cursorPlan.some((node) => node['Node Type'].startsWith('Index'))).toBe(true);
      expect(mostRows(cursorPlan)).toBeLessThanOrEqual(21);
      const skipPlan = await planOf({ sort, skip });
      expect(mostRows(skipPlan)).toBeGreaterThanOrEqual(skip);
    },
  );

  it('the last page read from the end, and a page by status, too', async () => {
    for (const query of [
      { before: 'end' },
      { before: 'end', sort: 'username' as const },
      { status: 'INACTIVE' as const, before: 'end' },
    ]) {
      const plan = await planOf(query);
      expect(
        plan.filter((node) => node['Node Type'].includes('Sort')),
        JSON.stringify(query),
      ).toEqual([]);
      expect(mostRows(plan), JSON.stringify(query)).toBeLessThanOrEqual(21);
    }
  });
});
