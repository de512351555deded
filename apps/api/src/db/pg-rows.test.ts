import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/database';
import type { DatabaseHandle } from './client';
import { openDatabase } from './client';
import { postgresRows, postgresTargetOf } from './pg-rows';

/**
 * The API's own statements on PostgreSQL (pg-rows.ts), against a real server: values parsed by
 * type, a named statement parsed once per connection, errors that answer the call and leave the
 * pool serving, and a transaction's own connection. PostgreSQL only: on PGlite the statements go
 * through Drizzle (row-reader.ts).
 */
const asArray = (row: unknown[]) => row;

describe('on PGlite', () => {
  it('is not used: PGlite has no pg pool', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(postgresTargetOf(handle.db)).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('pg-rows on PostgreSQL', () => {
  let database: DatabaseHandle;
  // One connection: every call below runs on the one the earlier ones used (or its replacement).
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
  });
  const pool = () => postgresTargetOf(database.db)!;

  it('hands each row as its values parsed by type, timestamps as PostgreSQL wrote them', async () => {
    const statement = postgresRows(
      pool(),
      {
        sql: `select $1::int as n, $2::text as t, true as yes, null::text as nothing,
                to_json(array['a', 'b']) as list, '2026-11-25 04:22:26.123456+00'::timestamptz as at,
                12345678901::bigint as big`,
        params: [sql.placeholder('n'), sql.placeholder('t')],
      },
      undefined,
      asArray,
    );
    const [row] = await statement.execute({ n: 7, t: 'café' });
    expect(row).toEqual([7, 'café', true, null, ['a', 'b'], '2026-11-25 04:22:26.123456+00', '12345678901']);
  });

  it('sends values as pg does: a list, a Date, a null', async () => {
    const statement = postgresRows(
      pool(),
      {
        sql: 'select cardinality($1::text[]) as n, $2::timestamptz = $3::timestamptz as same, $4::int is null as absent',
        params: [
          sql.placeholder('list'),
          sql.placeholder('at'),
          sql.placeholder('text'),
          sql.placeholder('none'),
        ],
      },
      undefined,
      asArray,
    );
    const at = new Date('2026-11-25T04:22:26.123Z');
    expect(
      await statement.execute({
        list: ['a', 'b,c', 'd"e'],
        at,
        text: '2026-11-25 04:22:26.123+00',
        none: null,
      }),
    ).toEqual([[3, true, true]]);
  });

  it('reads every row through the reader, in order', async () => {
    const statement = postgresRows(
      pool(),
      { sql: 'select g as n from generate_series(1, $1::int) g', params: [sql.placeholder('count')] },
      undefined,
      ([n]) => ({ n: n as number }),
    );
    expect(await statement.execute({ count: 3 })).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await statement.execute({ count: 0 })).toEqual([]);
  });

  it('parses a named statement once on a connection and runs it with each call’s values', async () => {
    const statement = postgresRows(
      pool(),
      { sql: 'select $1::int * 2 as doubled', params: [sql.placeholder('n')] },
      'pg_rows_doubled',
      ([doubled]) => doubled,
    );
    expect(await statement.execute({ n: 2 })).toEqual([4]);
    expect(await statement.execute({ n: 5 })).toEqual([10]);
    const prepared = await database.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where name = 'pg_rows_doubled'`,
    );
    expect((prepared as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it("answers a statement's error with PostgreSQL's own, and the pool serves the next call", async () => {
    const dividing = postgresRows(
      pool(),
      { sql: 'select 1 / $1::int as q', params: [sql.placeholder('by')] },
      'pg_rows_dividing',
      ([q]) => q,
    );
    await expect(dividing.execute({ by: 0 })).rejects.toMatchObject({ code: '22012' });
    expect(await dividing.execute({ by: 1 })).toEqual([1]);
    await expect(
      postgresRows(pool(), { sql: 'select * from no_such_table', params: [] }, undefined, asArray).execute(),
    ).rejects.toMatchObject({ code: '42P01' });
    expect(await dividing.execute({ by: 2 })).toEqual([0]);
  });

  it("answers a reader's error once the statement is done, and the pool serves the next call", async () => {
    const failing = postgresRows(
      pool(),
      { sql: 'select g from generate_series(1, 3) g', params: [] },
      undefined,
      ([g]) => {
        if (g === 2) throw new Error('cannot read row 2');
        return g;
      },
    );
    await expect(failing.execute()).rejects.toThrow('cannot read row 2');
    const next = postgresRows(pool(), { sql: 'select 42 as answer', params: [] }, undefined, ([a]) => a);
    expect(await next.execute()).toEqual([42]);
  });

  it('answers a connection lost during the statement with its error, and the pool opens another', async () => {
    // Its answer is kept as it comes (a rejection waiting unheard would count as unhandled).
    const sleeping = postgresRows(
      pool(),
      { sql: 'select pg_sleep(30) as pg_rows_lost_marker', params: [] },
      undefined,
      asArray,
    )
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
    try {
      // Once the statement is running, its backend is ended (as when PostgreSQL restarts).
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await killer.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
           where query like '%pg_rows_lost_marker%' and pid <> pg_backend_pid()`,
        );
        if (rows.some((row) => row.ended)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await killer.end();
    }
    expect(await sleeping).toMatchObject({ code: '57P01' });
    const next = postgresRows(pool(), { sql: 'select 1 as one', params: [] }, undefined, ([one]) => one);
    expect(await next.execute()).toEqual([1]);
  });

  it("runs inside a transaction on the transaction's own connection", async () => {
    await database.db.execute(sql`create table pg_rows_notes (id int primary key)`);
    try {
      let seen: unknown[] = [];
      const rolledBack = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into pg_rows_notes values (1), (2)`);
          const inside = postgresRows(
            postgresTargetOf(tx)!,
            { sql: 'select count(*)::int from pg_rows_notes', params: [] },
            undefined,
            ([n]) => n,
          );
          seen = await inside.execute();
          tx.rollback();
        })
        .catch((error: unknown) => error);
      // The transaction's statement saw its own uncommitted rows; rolled back, they are gone.
      expect(seen).toEqual([2]);
      expect((rolledBack as Error).message).toMatch(/rollback/i);
      const after = postgresRows(
        pool(),
        { sql: 'select count(*)::int from pg_rows_notes', params: [] },
        undefined,
        ([n]) => n,
      );
      expect(await after.execute()).toEqual([0]);
    } finally {
      await database.db.execute(sql`drop table pg_rows_notes`);
    }
  });
});
