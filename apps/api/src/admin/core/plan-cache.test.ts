import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo';
import { bearer, createAccount, createTestApp, signIn, type TestContext } from '../../test-support/test-app';

/**
 * How PostgreSQL plans the statements a list call makes (db/client.ts): the lookups by key that
 * every request makes (the caller, the kept counts) are planned once per connection; a searched
 * list's page and counts are planned for each call's own values, as a search for one letter and one
 * for a whole name need different plans; the page of a list under status and dates alone is
 * prepared (parsed once per connection). One connection, so every statement is on the one that is asked.
 * PostgreSQL only: PGlite's driver sends a prepared statement's text each time, unnamed.
 */
let context: TestContext;
let headers: Record<string, string>;

type PreparedRow = { name: string; statement: string; generic_plans: number; custom_plans: number };

async function preparedStatements(): Promise<PreparedRow[]> {
  const result = await context.database.db.execute(
    sql`select name, statement, generic_plans::int as generic_plans, custom_plans::int as custom_plans
        from pg_prepared_statements`,
  );
  return (result as unknown as { rows: PreparedRow[] }).rows;
}

async function list(query: string) {
  const response = await context.app.inject({ method: 'GET', url: `/admin/users?${query}`, headers });
  expect(response.statusCode).toBe(200);
}

describe.runIf(process.env.DATABASE_URL)('the plan cache of PostgreSQL', () => {
  beforeAll(async () => {
    context = await createTestApp({}, { poolSize: 1 });
    await seedDemo(context.database.db, { users: 60, uploadsDir: path.join(context.dataDir, 'uploads') });
    headers = bearer(await signIn(context, await createAccount(context)));
    // More calls than PostgreSQL's five custom plans before it weighs a statement's generic plan.
    for (let call = 0; call < 8; call++) {
      await list('status=All');
      await list(`status=All&searchphrase=${call % 2 === 0 ? 'a' : 'maria'}`);
      await list('status=ACTIVE&searchphrase=ma&from_date=2020-01-01');
    }
  });
  afterAll(async () => {
    await context?.close();
  });

  it('plans the caller lookup and the kept counts once per connection', async () => {
    const statements = await preparedStatements();
    const caller = statements.find((row) => row.name === 'caller_account');
    const kept = statements.find((row) => row.statement.includes('from "status_counts"'));
    expect(caller?.generic_plans).toBeGreaterThan(0);
    expect(kept?.generic_plans).toBeGreaterThan(0);
  });

  it("sends a searched list's page and counts unnamed, so each call is planned for its own values", async () => {
    const statements = await preparedStatements();
    expect(statements.filter((row) => / like /i.test(row.statement)).map((row) => row.statement)).toEqual([]);
  });

  it('prepares the page of a list under status and dates alone, which walks the same index whatever the values', async () => {
    const statements = await preparedStatements();
    const pages = statements.filter((row) => / limit \$\d+/.test(row.statement));
    expect(pages.map((row) => row.name)).toEqual([expect.stringMatching(/^roam_\d+$/)]);
    expect(pages[0]!.generic_plans + pages[0]!.custom_plans).toBe(8);
  });
});
