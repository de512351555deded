import { AREAS, type AreaName } from '@roam/contract/areas';
import { type ListSort, sortValues } from '@roam/contract/lists';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planNodes } from '../../test-support/plans';
import { createDemoTestApp, type TestContext } from '../../test-support/test-app';
import { RESOURCES } from '../resources';
import { pageQuery, type Resource, statusFilter } from './resource';

/** DESIGN §4's sorts: every area, every sortable key, both ways, through the real routes. */
let context: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ({ context, headers } = await createDemoTestApp(120));
});
afterAll(async () => {
  await context?.close();
});

type ApiRow = { _id: string } & Record<string, unknown>;
type ListBody = Record<string, unknown> & { searchcount: number };

async function list(area: AreaName, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await context.app.inject({
    method: 'GET',
    url: `/admin${AREAS[area].list.path}?${search}`,
    headers,
  });
  return { status: response.statusCode, body: response.json() as ListBody };
}

/** Every row of the list, page after page of `limit`, in the order `sort` names. */
async function everyPage(area: AreaName, sort: string, limit: number) {
  const rows: ApiRow[] = [];
  let searchcount = 0;
  do {
    const { status, body } = await list(area, { sort, limit, skip: rows.length });
    expect(status).toBe(200);
    searchcount = body.searchcount;
    const page = body[AREAS[area].list.responseKey] as ApiRow[];
    if (page.length === 0) break;
    rows.push(...page);
  } while (rows.length < searchcount);
  return { rows, searchcount };
}

/** What a row is ordered by under a key: its value (dates as times), or for status what it reads. */
function keyOf(row: ApiRow, key: string): string | number {
  if (key === 'status' && row.status === undefined) {
    return row.deleted ? 'DELETED' : row.active ? 'ACTIVE' : 'INACTIVE';
  }
  const value = row[key];
  if (key === 'createdAt' || key === 'updatedAt') return Date.parse(String(value));
  return String(value);
}

/** -1, 0 or 1 as PostgreSQL's C collation and uuid order compare (by code unit, lower-case hex). */
const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

const AREAS_LISTED = RESOURCES.map((declaration) => [declaration.area, declaration] as const);

describe.each(AREAS_LISTED)('%s list sorted', (area, _declaration) => {
  it.each(sortValues(AREAS[area].list.sort as readonly string[]))(
    'by %s: in that order, the id breaking ties, pages neither repeating nor losing a row',
    async (sort) => {
      const key = sort.replace(/^-/, '');
      const direction = sort.startsWith('-') ? -1 : 1;
      // A page size that ends pages inside runs of equal values (statuses, seeded dates).
      const { rows, searchcount } = await everyPage(area, sort, 17);
      expect(rows.length).toBe(searchcount);
      expect(new Set(rows.map((row) => row._id)).size).toBe(searchcount);
      for (let index = 1; index < rows.length; index += 1) {
        const [before, after] = [rows[index - 1] as ApiRow, rows[index] as ApiRow];
        const order = compare(keyOf(before, key), keyOf(after, key)) || compare(before._id, after._id);
        expect(order * direction, `${sort} at ${index}`).toBe(-1);
      }
    },
  );

  it('refuses a key that is not the area’s, naming sort and what is allowed', async () => {
    for (const sort of ['nope', '-email', 'rating', '+createdAt']) {
      const { status, body } = await list(area, { sort });
      expect(status, sort).toBe(400);
      expect(String(body.message)).toContain('sort');
      expect(String(body.message)).toContain(
        sortValues(AREAS[area].list.sort as readonly string[]).join(', '),
      );
    }
  });
});

describe('an index serves every order', () => {
  // With sorting and sequential scans priced out, a plan still sorts only when no index gives the
  // order: small test tables would otherwise make a sort the cheaper plan and prove nothing.
  async function planOf(declaration: Resource, sort: ListSort | undefined, status: 'All' | 'ACTIVE') {
    const { db } = context.database;
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const page = pageQuery(db, declaration, statusFilter(declaration, status), sort, 20, 0).query;
      return (await planNodes(tx, page)).map((node) => node['Node Type']);
    });
  }

  it.each(AREAS_LISTED)(
    '%s: no Sort node, unfiltered or by status, for any sort',
    async (area, declaration) => {
      const sorts = [undefined, ...sortValues(AREAS[area].list.sort as readonly string[])];
      for (const sort of sorts) {
        for (const status of ['All', 'ACTIVE'] as const) {
          const nodes = await planOf(declaration, sort, status);
          expect(nodes.length, `${sort} ${status}`).toBeGreaterThan(0);
          expect(
            nodes.filter((node) => node.includes('Sort')),
            `${area} sort=${sort ?? '(newest)'} status=${status}`,
          ).toEqual([]);
        }
      }
    },
  );
});
