import { AREAS, type AreaDefinition, type AreaName } from '@roam/contract/areas';
import { listQuerySchema } from '@roam/contract/lists';
import { count, getTableName, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cities, users } from '../../db/schema';
import {
  bearer,
  createAccount,
  createDemoTestApp,
  signIn,
  type TestContext,
} from '../../test-support/test-app';
import { RESOURCES } from '../resources';
import { listResource, type Resource } from './resource';

const endpointOf = (declaration: Resource) => AREAS[declaration.area].list;
const statusCallsOf = (declaration: Resource) => (AREAS[declaration.area] as AreaDefinition).status;

/** Every area served by the factory, through the real routes, over demo data. */
let context: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ({ context, headers } = await createDemoTestApp(300));
});
afterAll(async () => {
  await context?.close();
});

type ListBody = Record<string, unknown> & {
  searchcount: number;
  active: number;
  inactive: number;
  deleted: number;
};
type ApiRow = { _id: string; status?: string; createdAt: string } & Record<string, unknown>;

/** A row's status: its `status`, or for groups what their `active` and `deleted` flags say. */
const statusOf = (row: ApiRow) =>
  row.status ?? (row.deleted ? 'DELETED' : row.active ? 'ACTIVE' : 'INACTIVE');

/** Areas that delete through a route of their own rather than the factory's. */
const OWN_DELETE: Partial<Record<AreaName, (row: ApiRow) => InjectOptions>> = {
  groups: (row) => ({ method: 'DELETE', url: `/admin/group/delete?statusId=${row.statusID}` }),
};

async function list(declaration: Resource, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await context.app.inject({
    method: 'GET',
    url: `/admin${endpointOf(declaration).path}?${search}`,
    headers,
  });
  return { status: response.statusCode, body: response.json() as ListBody };
}
const rowsOf = (declaration: Resource, body: ListBody) =>
  body[endpointOf(declaration).responseKey] as ApiRow[];
const toggleUrl = (declaration: Resource, id: string, to: string) => {
  const toggle = statusCallsOf(declaration).toggle!;
  return `/admin${toggle.path}/${id}?${toggle.param}=${to}`;
};

describe.each(RESOURCES.map((declaration) => [declaration.area, declaration] as const))(
  '%s list',
  (_area, declaration) => {
    it('answers the spec key, counts consistent with the rows, newest first', async () => {
      const { status, body } = await list(declaration, { limit: 100 });
      expect(status).toBe(200);
      const rows = rowsOf(declaration, body);
      expect(rows.length).toBeGreaterThan(0);
      expect(body.searchcount).toBe(body.active + body.inactive + body.deleted);
      expect(rows.length).toBe(Math.min(100, body.searchcount));
      const times = rows.map((row) => Date.parse(row.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('filters by status in any case, keeping the tile counts', async () => {
      const all = (await list(declaration)).body;
      for (const status of ['active', 'INACTIVE', 'Deleted']) {
        const { body } = await list(declaration, { status, limit: 100 });
        expect(body.searchcount).toBe(all[status.toLowerCase()]);
        expect({ active: body.active, inactive: body.inactive, deleted: body.deleted }).toEqual({
          active: all.active,
          inactive: all.inactive,
          deleted: all.deleted,
        });
        for (const row of rowsOf(declaration, body)) expect(statusOf(row)).toBe(status.toUpperCase());
      }
      expect((await list(declaration, { status: 'ALL' })).body.searchcount).toBe(all.searchcount);
    });

    it('pages without overlap and answers an empty page past the end', async () => {
      const first = rowsOf(declaration, (await list(declaration, { limit: 5, skip: 0 })).body);
      const second = rowsOf(declaration, (await list(declaration, { limit: 5, skip: 5 })).body);
      expect(first).toHaveLength(5);
      const firstIds = new Set(first.map((row) => row._id));
      expect(second.filter((row) => firstIds.has(row._id))).toEqual([]);
      const { body } = await list(declaration);
      const past = await list(declaration, { skip: body.searchcount + 10 });
      expect(past.status).toBe(200);
      expect(rowsOf(declaration, past.body)).toEqual([]);
      expect(past.body.searchcount).toBe(body.searchcount);
    });

    it('filters by dates inclusively', async () => {
      const rows = rowsOf(declaration, (await list(declaration, { limit: 100 })).body);
      const day = rows[Math.floor(rows.length / 2)]!.createdAt.slice(0, 10);
      const { body } = await list(declaration, { from_date: day, to_date: day, limit: 100 });
      const inDay = rowsOf(declaration, body);
      expect(inDay.length).toBeGreaterThan(0);
      for (const row of inDay) expect(row.createdAt.slice(0, 10)).toBe(day);
    });

    it('answers each call with its own values when the prepared statement is reused', async () => {
      const rows = rowsOf(declaration, (await list(declaration, { limit: 100 })).body);
      const days = [...new Set(rows.map((row) => row.createdAt.slice(0, 10)))].slice(0, 3);
      expect(days.length).toBeGreaterThan(1);
      for (const day of days) {
        const { body } = await list(declaration, { from_date: day, to_date: day, limit: 100 });
        const inDay = rowsOf(declaration, body);
        expect(inDay.length).toBeGreaterThan(0);
        for (const row of inDay) expect(row.createdAt.slice(0, 10)).toBe(day);
      }
    });

    it('searches each searched column whole and in any case, never across two of them', async () => {
      if (!declaration.search) return;
      const table = sql.identifier(getTableName(declaration.table));
      // The search text holds the searched columns, lowered, between unit separators.
      const result = await context.app.db.execute(
        sql`select id, search_text as text, (created_at at time zone 'UTC')::date::text as day from ${table}
          order by (position(E'\x1f' in search_text) > 0) desc, created_at desc limit 1`,
      );
      const [row] = (result as unknown as { rows: { id: string; text: string; day: string }[] }).rows;
      // One part per searched column, as the column's definition lists them.
      const definition = await context.app.db.execute(
        sql`select generation_expression as expression from information_schema.columns
          where table_name = ${getTableName(declaration.table)} and column_name = 'search_text'`,
      );
      const { expression } = (definition as unknown as { rows: { expression: string }[] }).rows[0]!;
      expect(row!.text.split('\x1f')).toHaveLength(expression.split('COALESCE').length - 1);
      const parts = row!.text.split('\x1f').filter((part) => part.length >= 2);
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) {
        const { body } = await list(declaration, {
          searchphrase: part.toUpperCase(),
          from_date: row!.day,
          to_date: row!.day,
          limit: 100,
        });
        expect(
          rowsOf(declaration, body).map((found) => found._id),
          part,
        ).toContain(row!.id);
      }
      if (parts.length < 2) return;
      // The end of one column and the start of the next match only rows holding them in one column.
      const across = `${parts[0]!.slice(-2)}${parts[1]!.slice(0, 2)}`;
      const inOneColumn = await context.app.db.execute(
        sql`select count(*)::int as n from ${table}
          where exists (select from unnest(string_to_array(search_text, E'\x1f')) as part
            where strpos(part, ${across}) > 0)`,
      );
      const { body } = await list(declaration, { searchphrase: across });
      expect(body.searchcount, across).toBe((inOneColumn as unknown as { rows: { n: number }[] }).rows[0]!.n);
    });

    it('treats %, _, quotes and backslashes in a search literally', async () => {
      // As wildcards, % and _ would match every row; literally, only rows holding them.
      const total = (await list(declaration)).body.searchcount;
      for (const phrase of ['%', '_']) {
        expect((await list(declaration, { searchphrase: phrase })).body.searchcount, phrase).toBeLessThan(
          total,
        );
      }
      // The demo data holds none of these sequences, so a literal match finds nothing.
      for (const phrase of ['\\', 'a%z', 'q_q', "'%'"]) {
        const { status, body } = await list(declaration, { searchphrase: phrase });
        expect(status, phrase).toBe(200);
        expect(body.searchcount, phrase).toBe(0);
      }
      expect((await list(declaration, { searchphrase: "o'" })).status).toBe(200);
    });

    it('answers bad parameters with 400 naming them', async () => {
      const cases: [Record<string, string | number>, RegExp][] = [
        [{ skip: -1 }, /skip/],
        [{ limit: 100000 }, /limit/],
        [{ from_date: '2024-13-45' }, /from_date/],
        [{ status: 'FOO' }, /status/],
        [{ searchphrase: 'x'.repeat(10_000) }, /searchphrase/],
        [{ from_date: '2024-05-02', to_date: '2024-05-01' }, /from_date/],
        [{ city: 'not-a-uuid' }, /city/],
      ];
      for (const [query, field] of cases) {
        const { status, body } = await list(declaration, query);
        expect(status, JSON.stringify(query)).toBe(400);
        expect(String(body.message)).toMatch(field);
      }
    });
  },
);

const TOGGLED = RESOURCES.filter((declaration) => statusCallsOf(declaration).toggle);

describe.each(TOGGLED.map((declaration) => [declaration.area, declaration] as const))(
  '%s transitions',
  (_area, declaration) => {
    const put = (url: string) => context.app.inject({ method: 'PUT', url, headers });
    const ownDelete = OWN_DELETE[declaration.area];
    const remove = (row: ApiRow) =>
      ownDelete
        ? context.app.inject({ ...ownDelete(row), headers })
        : statusCallsOf(declaration).remove.via === 'toggle'
          ? put(toggleUrl(declaration, row._id, 'DELETED'))
          : context.app.inject({
              method: 'DELETE',
              url: `/admin${endpointOf(declaration).path}/${row._id}`,
              headers,
            });

    it('toggles only ACTIVE and INACTIVE, deletes once, keeps the record and audits each write', async () => {
      const active = rowsOf(declaration, (await list(declaration, { status: 'ACTIVE', limit: 1 })).body)[0]!;
      const before = (await list(declaration)).body;

      expect((await put(toggleUrl(declaration, active._id, 'INACTIVE'))).statusCode).toBe(200);
      expect((await put(toggleUrl(declaration, active._id, 'INACTIVE'))).statusCode).toBe(409);
      const after = (await list(declaration)).body;
      expect(after.active).toBe(before.active - 1);
      expect(after.inactive).toBe(before.inactive + 1);

      expect((await put(toggleUrl(declaration, active._id, 'active'))).statusCode).toBe(200);
      expect((await remove(active)).statusCode).toBe(200);
      expect((await remove(active)).statusCode).toBe(409);
      expect((await put(toggleUrl(declaration, active._id, 'ACTIVE'))).statusCode).toBe(409);

      const deleted = rowsOf(declaration, (await list(declaration, { status: 'DELETED', limit: 100 })).body);
      expect(deleted.map((row) => row._id)).toContain(active._id);
      expect((await list(declaration)).body.searchcount).toBe(before.searchcount);

      const audits = (await context.database.db.select().from(auditLog)).filter(
        (entry) => entry.entityId === active._id,
      );
      expect(audits.map((entry) => entry.action)).toEqual(['toggle', 'toggle', 'delete']);
    });

    it('answers 404 for an unknown id and 400 for a malformed one or a bad target', async () => {
      const unknown = '00000000-0000-4000-8000-000000000001';
      expect((await put(toggleUrl(declaration, unknown, 'ACTIVE'))).statusCode).toBe(404);
      expect((await put(toggleUrl(declaration, 'abc', 'ACTIVE'))).statusCode).toBe(400);
      expect((await put(toggleUrl(declaration, unknown, 'SLEEPING'))).statusCode).toBe(400);
    });
  },
);

describe('permissions of the factory routes', () => {
  it('lets a read-only sub-admin list but not toggle or delete', async () => {
    const declaration = RESOURCES.find((d) => d.area === 'cities')!;
    const reader = await createAccount(context, {
      role: 'sub-admin',
      permissions: { cityManagement: { read: 1, write: 0, delete: 0 } },
    });
    const readerHeaders = bearer(await signIn(context, reader));
    const listed = await context.app.inject({ method: 'GET', url: '/admin/city', headers: readerHeaders });
    expect(listed.statusCode).toBe(200);
    const id = (listed.json().cities as ApiRow[]).find((row) => row.status === 'ACTIVE')!._id;
    const toggled = await context.app.inject({
      method: 'PUT',
      url: toggleUrl(declaration, id, 'INACTIVE'),
      headers: readerHeaders,
    });
    expect(toggled.statusCode).toBe(403);
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/admin/city/${id}`,
      headers: readerHeaders,
    });
    expect(deleted.statusCode).toBe(403);
  });

  it('needs delete permission to delete through ?status=DELETED', async () => {
    const writer = await createAccount(context, {
      role: 'sub-admin',
      permissions: { reportManagement: { read: 1, write: 1, delete: 0 } },
    });
    const writerHeaders = bearer(await signIn(context, writer));
    const listed = await context.app.inject({
      method: 'GET',
      url: '/admin/report?status=ACTIVE',
      headers: writerHeaders,
    });
    const id = (listed.json().Reports as ApiRow[])[0]!._id;
    const attempt = await context.app.inject({
      method: 'PUT',
      url: `/admin/report/toggle/${id}?status=DELETED`,
      headers: writerHeaders,
    });
    expect(attempt.statusCode).toBe(403);
  });
});

/** What a fresh count of the table says, status by status. */
async function countedNow(declaration: Resource) {
  const rows = await context.app.db
    .select({ status: sql<string>`status`, n: count() })
    .from(declaration.table)
    .groupBy(sql`status`);
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { active: of('ACTIVE'), inactive: of('INACTIVE'), deleted: of('DELETED') };
}

describe('tile counts kept on write', () => {
  it.each(RESOURCES.map((declaration) => [declaration.area, declaration] as const))(
    '%s: the unfiltered tiles equal a fresh count of the table after all the writes above',
    async (_area, declaration) => {
      const { body } = await list(declaration);
      expect({ active: body.active, inactive: body.inactive, deleted: body.deleted }).toEqual(
        await countedNow(declaration),
      );
    },
  );

  it('stay exact under concurrent toggles and deletes', async () => {
    const declaration = RESOURCES.find((candidate) => candidate.area === 'cafes')!;
    const active = rowsOf(declaration, (await list(declaration, { status: 'ACTIVE', limit: 12 })).body);
    const calls = active.flatMap((row, index) => [
      context.app.inject({
        method: index % 3 === 0 ? 'DELETE' : 'PUT',
        url: index % 3 === 0 ? `/admin/cafe/${row._id}` : toggleUrl(declaration, row._id, 'INACTIVE'),
        headers,
      }),
      // The same row again at once: exactly one of the two changes it.
      context.app.inject({ method: 'PUT', url: toggleUrl(declaration, row._id, 'INACTIVE'), headers }),
    ]);
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.every((code) => code === 200 || code === 409)).toBe(true);
    const { body } = await list(declaration);
    expect({ active: body.active, inactive: body.inactive, deleted: body.deleted }).toEqual(
      await countedNow(declaration),
    );
  });

  it('start from the rows already stored and follow bulk inserts', async () => {
    const declaration = RESOURCES.find((candidate) => candidate.area === 'cities')!;
    const before = (await list(declaration)).body;
    await context.app.db.insert(cities).values(
      Array.from({ length: 5 }, (_, index) => ({
        name: `Bulk ${index}`,
        countryName: 'Portugal',
        countryIso: 'PT',
        currency: 'EUR',
        status: index < 2 ? ('INACTIVE' as const) : ('ACTIVE' as const),
      })),
    );
    const after = (await list(declaration)).body;
    expect(after.active).toBe(before.active + 3);
    expect(after.inactive).toBe(before.inactive + 2);
  });
});

describe('filtered tile counts', () => {
  it('count at most the cap of matching rows and say when more match', async () => {
    const declaration = RESOURCES.find((candidate) => candidate.area === 'users')!;
    const query = listQuerySchema.parse({ searchphrase: 'a' });
    const exact = await listResource(context.app.db, declaration, query);
    expect(exact.countsCapped).toBe(false);
    expect(exact.total).toBeGreaterThan(20);

    const capped = await listResource(context.app.db, declaration, query, { policy: { countCap: 20 } });
    expect(capped.countsCapped).toBe(true);
    expect(capped.total).toBe(21);
    for (const status of ['active', 'inactive', 'deleted'] as const) {
      expect(capped[status]).toBeLessThanOrEqual(exact[status]);
    }
    // The page itself is whole.
    expect(capped.rows).toEqual(exact.rows);
  });

  /** The users matching `term` (as the list searches), per status, counted straight from the table. */
  async function matchingNow(term: string) {
    const pattern = `%${term}%`;
    const rows = await context.app.db
      .select({ status: sql<string>`status`, n: count() })
      .from(users)
      .where(
        sql`lower(username) like ${pattern} or lower(email) like ${pattern} or lower(fullname) like ${pattern} or lower(lastname) like ${pattern}`,
      )
      .groupBy(sql`status`);
    const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
    return { active: of('ACTIVE'), inactive: of('INACTIVE'), deleted: of('DELETED') };
  }
  const tilesOf = (result: { active: number; inactive: number; deleted: number }) => ({
    active: result.active,
    inactive: result.inactive,
    deleted: result.deleted,
  });

  it('are exact on a table no larger than the sampling threshold', async () => {
    const declaration = RESOURCES.find((candidate) => candidate.area === 'users')!;
    const result = await listResource(
      context.app.db,
      declaration,
      listQuerySchema.parse({ searchphrase: 'a' }),
    );
    expect(result.countsEstimated).toBe(false);
    expect(tilesOf(result)).toEqual(await matchingNow('a'));
  });

  it('are estimated from a sample of a larger table when many rows match, and say so', async () => {
    const declaration = RESOURCES.find((candidate) => candidate.area === 'users')!;
    const exact = await matchingNow('a');
    // A sample of every page (the sample asks for more rows than the table has) is the table itself:
    // the scaled estimate then equals the count, which proves the scaling.
    const whole = { sampleAbove: 100, sampleRows: 1_000_000, exactBelow: 10 };
    const query = listQuerySchema.parse({ searchphrase: 'a', status: 'INACTIVE' });
    const estimated = await listResource(context.app.db, declaration, query, { policy: whole });
    expect(estimated.countsEstimated).toBe(true);
    expect(estimated.countsCapped).toBe(false);
    expect(tilesOf(estimated)).toEqual(exact);
    expect(estimated.searchcount).toBe(exact.inactive);
    // A part of the pages: an estimate of the same order, and the page itself is whole.
    const part = await listResource(context.app.db, declaration, query, {
      policy: { ...whole, sampleRows: 150 },
    });
    expect(part.countsEstimated).toBe(true);
    expect(part.total).toBeGreaterThan(0);
    expect(part.rows).toEqual(estimated.rows);
  });

  it('are counted exactly when the sample finds few matches', async () => {
    const declaration = RESOURCES.find((candidate) => candidate.area === 'users')!;
    const [someone] = await context.app.db.select({ username: users.username }).from(users).limit(1);
    const term = someone!.username.toLowerCase();
    const policy = { sampleAbove: 100, sampleRows: 1_000_000, exactBelow: 50 };
    const result = await listResource(
      context.app.db,
      declaration,
      listQuerySchema.parse({ searchphrase: term }),
      {
        policy,
      },
    );
    expect(result.countsEstimated).toBe(false);
    expect(tilesOf(result)).toEqual(await matchingNow(term));
  });

  it('keep what a sample found a while: its estimate as it was; few matches counted each call', async () => {
    const declaration = RESOURCES.find((candidate) => candidate.area === 'users')!;
    // Every page sampled (the estimate is then the count), kept for an hour.
    const policy = { sampleAbove: 100, sampleRows: 1_000_000, exactBelow: 10, sampleKeptMs: 3_600_000 };
    const list = (searchphrase: string, sampleKeptMs = policy.sampleKeptMs) =>
      listResource(context.app.db, declaration, listQuerySchema.parse({ searchphrase }), {
        policy: { ...policy, sampleKeptMs },
      });
    // 30 of every 40 new users are named 'kept-sample <n>', all INACTIVE.
    const add = (from: number) =>
      context.app.db.insert(users).values(
        Array.from({ length: 40 }, (_, index) => ({
          userId: `kept-${from + index}`,
          username: index < 30 ? `kept-sample ${from + index}` : `other ${from + index}`,
          email: `kept-${from + index}@example.test`,
          status: 'INACTIVE' as const,
        })),
      );
    await add(100);
    // Many match 'kept-sample' (30): an estimate. Few match 'kept-sample 10' (100 to 109): a count.
    const broad = await list('kept-sample');
    expect(broad.countsEstimated).toBe(true);
    expect(tilesOf(broad)).toEqual(await matchingNow('kept-sample'));
    const few = await list('kept-sample 10');
    expect(few.countsEstimated).toBe(false);
    expect(few.inactive).toBe(10);

    await add(1000);
    // The estimate is answered as it was found, without sampling again.
    const kept = await list('kept-sample');
    expect(kept.countsEstimated).toBe(true);
    expect(tilesOf(kept)).toEqual(tilesOf(broad));
    // Few matches are counted on every call: the 30 new 'kept-sample 10..' are in it.
    const fewAgain = await list('kept-sample 10');
    expect(fewAgain.countsEstimated).toBe(false);
    expect(tilesOf(fewAgain)).toEqual(await matchingNow('kept-sample 10'));
    expect(fewAgain.inactive).toBe(40);
    // Other values are sampled for themselves (110 to 119).
    const other = await list('kept-sample 11');
    expect(tilesOf(other)).toEqual(await matchingNow('kept-sample 11'));
    // Once the finding is older than it may be, the sample is taken again.
    const fresh = await list('kept-sample', 0);
    expect(tilesOf(fresh)).toEqual(await matchingNow('kept-sample'));
    expect(fresh.inactive).toBe(60);
    await context.app.db.delete(users).where(sql`user_id like 'kept-%'`);
  });

  it('answer countsCapped only when true', async () => {
    const { body } = await list(RESOURCES.find((candidate) => candidate.area === 'cafes')!, {
      searchphrase: 'a',
    });
    expect(body).not.toHaveProperty('countsCapped');
    expect(body).not.toHaveProperty('countsEstimated');
  });
});
