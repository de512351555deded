import {
  activeUsersAnswerSchema,
  addDays,
  addPeriods,
  type GraphType,
  graphAnswerSchema,
  periodLabel,
  periodStartOf,
  todayOf,
} from '@roam/contract/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, users } from '../../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  signIn,
  startSession,
  type TestContext,
} from '../../test-support/test-app';
import { type Activity, recordActivity } from './repository';

let context: TestContext;
let headers: Record<string, string>;
const today = todayOf();
const at = (day: string) => new Date(`${day}T12:00:00Z`);

beforeAll(async () => {
  context = await createTestApp();
  headers = bearer(await signIn(context, await createAccount(context)));
});
afterAll(async () => {
  await context?.close();
});

let sequence = 0;
/** Ordinary users of the product, straight into the database. */
async function insertUsers(count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    sequence += 1;
    return {
      userId: `A${sequence}`,
      username: `active${sequence}`,
      email: `active${sequence}@roam.test`,
      role: 'user',
    };
  });
  const inserted = await context.database.db.insert(users).values(rows).returning({ id: users.id });
  return inserted.map((row) => row.id);
}

async function get(url: string, extra = headers) {
  const response = await context.app.inject({ method: 'GET', url, headers: extra });
  return { status: response.statusCode, body: response.json() };
}

async function graph(kind: 'users' | 'groups', query = '') {
  const { status, body } = await get(`/admin/analytics/graph/${kind}${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return graphAnswerSchema.parse(body).graph;
}

/** The graph as a label -> count object. */
const asObject = (entries: Record<string, number>[]) =>
  Object.assign({}, ...entries) as Record<string, number>;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await context.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every rollup figure beside the same figure counted afresh from the raw activity. */
async function compareRollupsWithRaw() {
  const mismatches = await rows<{ granularity: string; period: string; kept: number; fresh: number }>(sql`
    with fresh as (
      select 'day' as granularity, day as period, count(distinct user_id)::int as users from user_activity group by 2
      union all
      select 'month', date_trunc('month', day::timestamp)::date, count(distinct user_id)::int from user_activity group by 2
      union all
      select 'year', date_trunc('year', day::timestamp)::date, count(distinct user_id)::int from user_activity group by 2
    )
    select coalesce(k.granularity, f.granularity) as granularity, coalesce(k.period, f.period)::text as period,
           coalesce(k.users, 0) as kept, coalesce(f.users, 0) as fresh
    from active_user_counts k full join fresh f on f.granularity = k.granularity and f.period = k.period
    where coalesce(k.users, 0) <> coalesce(f.users, 0)`);
  expect(mismatches).toEqual([]);
  // The map's figure from every day on, per country, against users whose latest day there is that late.
  const byCountry = await rows<{ day: string; country: string; kept: number; fresh: number }>(sql`
    with days as (select distinct day from user_activity),
    fresh as (
      select d.day, a.country, count(distinct a.user_id)::int as users
      from days d join user_activity a on a.day >= d.day group by 1, 2
    ),
    kept as (
      select d.day, c.country, sum(c.users)::int as users
      from days d join country_last_active c on c.day >= d.day group by 1, 2
    )
    select coalesce(k.day, f.day)::text as day, coalesce(k.country, f.country) as country,
           coalesce(k.users, 0) as kept, coalesce(f.users, 0) as fresh
    from kept k full join fresh f on f.day = k.day and f.country = k.country
    where coalesce(k.users, 0) <> coalesce(f.users, 0)`);
  expect(byCountry).toEqual([]);
}

const thisMonth = periodStartOf('monthly', today);
const lastMonth = addPeriods('monthly', thisMonth, -1);

describe('GET /admin/analytics/graph/users', () => {
  it('counts distinct users per bucket: a month is its distinct users, not the sum of its days', async () => {
    const [ada, bob] = await insertUsers(2);
    const day1 = lastMonth;
    const day2 = addDays(lastMonth, 1);
    const day3 = addDays(lastMonth, 2);
    await recordActivity(context.database.db, [
      { userId: ada!, country: 'FR', at: at(day1) },
      { userId: ada!, country: 'FR', at: at(day2) },
      { userId: ada!, country: 'ES', at: at(day2) },
      { userId: bob!, country: 'FR', at: at(day2) },
      { userId: ada!, country: 'FR', at: at(day3) },
    ]);
    // A repeat of the same user, day and country is no new activity.
    await recordActivity(context.database.db, { userId: bob!, country: 'FR', at: at(day2) });

    const monthly = asObject(await graph('users'));
    expect(monthly[periodLabel('monthly', lastMonth)]).toBe(2);
    const daily = asObject(await graph('users', `?type=daily&startDate=${day1}&endDate=${day3}`));
    expect(daily).toEqual({ [day1]: 1, [day2]: 2, [day3]: 1 });
    await compareRollupsWithRaw();
  });

  it.each<[GraphType, number, RegExp]>([
    ['monthly', 5, /^\d{2}-\d{4}$/],
    ['daily', 15, /^\d{4}-\d{2}-\d{2}$/],
    ['yearly', 3, /^\d{4}$/],
  ])(
    'answers %s windows of %i buckets ending now, oldest first, zeros included',
    async (type, length, label) => {
      const entries = await graph('users', type === 'monthly' ? '' : `?type=${type}`);
      expect(entries).toHaveLength(length);
      const labels = entries.map((entry) => Object.keys(entry)[0] ?? '');
      for (const text of labels) expect(text).toMatch(label);
      const current = periodStartOf(type, today);
      expect(labels).toEqual(
        Array.from({ length }, (_, i) => periodLabel(type, addPeriods(type, current, i - (length - 1)))),
      );
      expect(entries.some((entry) => Object.values(entry)[0] === 0)).toBe(true);
    },
  );

  it('takes MM-YYYY windows, and a start or an end alone gives the usual length', async () => {
    expect(asObject(await graph('users', '?type=monthly&startDate=01-2024&endDate=03-2024'))).toEqual({
      '01-2024': 0,
      '02-2024': 0,
      '03-2024': 0,
    });
    expect(Object.keys(asObject(await graph('users', '?type=yearly&endDate=06-2024')))).toEqual([
      '2022',
      '2023',
      '2024',
    ]);
    expect(Object.keys(asObject(await graph('users', '?startDate=11-2023')))).toEqual([
      '11-2023',
      '12-2023',
      '01-2024',
      '02-2024',
      '03-2024',
    ]);
    const february = await graph('users', '?type=daily&startDate=02-2024&endDate=02-2024');
    expect(february).toHaveLength(29);
    expect(Object.keys(february.at(-1) ?? {})).toEqual(['2024-02-29']);
  });

  it('stays exact as activity is recorded: out of order, abroad and at the same time', async () => {
    const people = await insertUsers(6);
    const days = [0, 3, 9, 17, 40, 75, 400].map((back) => addDays(today, -back));
    const activity: Activity[] = [];
    people.forEach((userId, i) => {
      for (const [j, day] of days.entries()) {
        if ((i + j) % 3 === 0) continue;
        activity.push({ userId, country: (i + j) % 4 === 0 ? 'PT' : 'DE', at: at(day) });
      }
    });
    // Newest first, one statement per row, several at once: the rollups must not depend on order
    // or on concurrent writers of the same user.
    const reversed = [...activity].reverse();
    await Promise.all(reversed.map((row) => recordActivity(context.database.db, row)));
    await compareRollupsWithRaw();

    const before = asObject(await graph('users'))[periodLabel('monthly', thisMonth)] ?? 0;
    const [newcomer] = await insertUsers(1);
    await Promise.all(
      [0, 1, 2].map((back) =>
        recordActivity(context.database.db, {
          userId: newcomer!,
          country: 'IT',
          at: at(addDays(today, -back)),
        }),
      ),
    );
    const fresh = await rows<{ n: number }>(sql`
      select count(distinct user_id)::int as n from user_activity
      where day >= ${thisMonth}::date and day < ${addPeriods('monthly', thisMonth, 1)}::date`);
    const after = asObject(await graph('users'))[periodLabel('monthly', thisMonth)];
    expect(after).toBe(fresh[0]?.n);
    // The newcomer's days all fall in this month unless the month began less than three days ago.
    if (addDays(today, -2) >= thisMonth) expect(after).toBe(before + 1);
    await compareRollupsWithRaw();
  });

  it('refuses to change or delete raw activity, whose rollups are kept on insert', async () => {
    await expect(context.database.db.execute(sql`delete from user_activity`)).rejects.toThrow();
    await expect(context.database.db.execute(sql`update user_activity set country = 'FR'`)).rejects.toThrow();
  });
});

describe('GET /admin/analytics/users', () => {
  it('counts each user once per country they were active in since from_date, most first', async () => {
    const [home, traveller, lapsed] = await insertUsers(3);
    await recordActivity(context.database.db, [
      { userId: home!, country: 'NZ', at: at(addDays(today, -40)) },
      { userId: home!, country: 'NZ', at: at(addDays(today, -2)) },
      { userId: home!, country: 'NZ', at: at(today) },
      { userId: traveller!, country: 'NZ', at: at(addDays(today, -5)) },
      { userId: traveller!, country: 'FJ', at: at(addDays(today, -1)) },
      { userId: lapsed!, country: 'FJ', at: at(addDays(today, -60)) },
    ]);
    const map = async (query = '') => {
      const { status, body } = await get(`/admin/analytics/users${query}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return activeUsersAnswerSchema.parse(body).activeusers;
    };
    const lastThirty = await map();
    const counts = asObject(lastThirty);
    expect(counts['New Zealand']).toBe(2);
    expect(counts.Fiji).toBe(1);
    const names = lastThirty.map((entry) => Object.keys(entry)[0]);
    expect(names.indexOf('New Zealand')).toBeLessThan(names.indexOf('Fiji'));
    expect(asObject(await map(`?from_date=${addDays(today, -90)}&to_date=${today}`)).Fiji).toBe(2);
    expect(asObject(await map(`?from_date=${addDays(today, -1)}`))['New Zealand']).toBe(1);
    await compareRollupsWithRaw();
  });
});

describe('GET /admin/analytics/graph/groups', () => {
  it('counts the groups created in each bucket', async () => {
    const [owner] = await insertUsers(1);
    const day = addDays(lastMonth, 3);
    const group = (statusId: string, createdAt: Date) => ({
      statusId,
      statusText: statusId,
      userId: owner!,
      createdAt,
    });
    await context.database.db
      .insert(groups)
      .values([group('g-1', at(day)), group('g-2', at(day)), group('g-3', at('2023-06-10'))]);
    const monthly = asObject(await graph('groups'));
    expect(monthly[periodLabel('monthly', lastMonth)]).toBe(2);
    expect(monthly[periodLabel('monthly', thisMonth)]).toBe(0);
    expect(asObject(await graph('groups', '?type=yearly&endDate=01-2024'))).toEqual({
      '2022': 0,
      '2023': 1,
      '2024': 0,
    });
    expect(asObject(await graph('groups', `?type=daily&endDate=${day}`))[day]).toBe(2);
  });
});

describe('analytics queries', () => {
  it.each([
    ['/admin/analytics/graph/users?type=weekly', 'type'],
    ['/admin/analytics/graph/users?startDate=2024-01', 'startDate'],
    ['/admin/analytics/graph/users?type=monthly&startDate=2024-01-05', 'startDate'],
    ['/admin/analytics/graph/groups?endDate=13-2024', 'endDate'],
    ['/admin/analytics/graph/users?startDate=05-2024&endDate=01-2024', 'startDate'],
    ['/admin/analytics/graph/users?type=daily&startDate=2020-01-01&endDate=2024-01-01', 'endDate'],
    ['/admin/analytics/users?from_date=2024-02-30', 'from_date'],
    ['/admin/analytics/users?from_date=2024-03-01&to_date=2024-02-01', 'from_date'],
    [`/admin/analytics/users?from_date=${addDays(today, 1)}`, 'from_date'],
    [`/admin/analytics/users?to_date=${addDays(today, -1)}`, 'to_date'],
  ])('%s is 400 naming %s', async (url, parameter) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body.message).toMatch(new RegExp(`^${parameter}:`));
  });
});

describe('who reads analytics', () => {
  const urls = [
    '/admin/analytics/allcount',
    '/admin/analytics/users',
    '/admin/analytics/graph/users',
    '/admin/analytics/graph/groups',
  ];

  it('any admin or sub-admin, whatever their modules', async () => {
    const bare = bearer(await signIn(context, await createAccount(context, { role: 'sub-admin' })));
    for (const url of urls) expect((await get(url, bare)).status, url).toBe(200);
  });

  it('not an ordinary user of the product', async () => {
    const user = await createAccount(context, { role: 'user' });
    const tokens = bearer(await startSession(context, user));
    for (const url of urls) expect((await get(url, tokens)).status, url).toBe(403);
  });
});
