import { countryByIso } from '@roam/contract/places';
import {
  type LoadResult,
  type LoadSettings,
  loadHttp,
  loadLoop,
  planRun,
  warmUntilSteady,
  warmUp,
} from './load';
import type { Executor } from './sql-replay';

/**
 * The analytics calls (DESIGN §8) on the data set's three years of activity: the map over the
 * selector's longest range, the Active Users graph monthly (the page's default) and yearly (every
 * day of activity), and the Groups graph. Each is measured through the API (answered from rollups)
 * and beside it the same answer computed the straight way, by scanning the raw activity
 * (`count(distinct user_id)` over user_activity) or the groups table, in the same run; the two
 * answers are compared, so the rollups are shown exact at this scale too.
 */
export type AnalyticsBench = {
  key: string;
  label: string;
  api: { single: LoadResult; concurrent: LoadResult };
  sql: { single: LoadResult; concurrent?: LoadResult };
  /** Whether the API's answer equals the raw scan's, bucket by bucket. */
  isExact: boolean;
  /** The buckets that differ, when any. */
  differences: string[];
  buckets: number;
};

type AnalyticsCall = {
  key: string;
  label: string;
  path: string;
  query: Record<string, string>;
  /** The same answer from the raw rows: one row per bucket, `label` and `n`. */
  reference: { text: string; values: unknown[] };
  /** The API answer's label of a reference row (country names for the map). */
  labelOf?: (label: string) => string;
};

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const monthLabel = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, '0')}-${date.getUTCFullYear()}`;

/** The calls, their windows placed at the data set's own "now" (the day it was seeded). */
function analyticsCalls(now: Date): AnalyticsCall[] {
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const mapFrom = isoDay(new Date(today.getTime() - 364 * DAY_MS));
  const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const monthsBack = (n: number) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - n, 1));
  const monthlyFirst = monthsBack(4);
  const monthlyEnd = monthsBack(-1);
  const yearlyFirst = new Date(Date.UTC(today.getUTCFullYear() - 2, 0, 1));
  const yearlyEnd = new Date(Date.UTC(today.getUTCFullYear() + 1, 0, 1));
  const monthly = { type: 'monthly', startDate: monthLabel(monthlyFirst), endDate: monthLabel(month) };
  return [
    {
      key: 'map',
      label: 'GET /admin/analytics/users, last 12 months (the map)',
      path: '/admin/analytics/users',
      query: { from_date: mapFrom },
      reference: {
        text: `select country as label, count(distinct user_id)::int as n from user_activity
               where day >= $1::date group by country`,
        values: [mapFrom],
      },
      labelOf: (iso) => countryByIso(iso)?.name ?? iso,
    },
    {
      key: 'users-monthly',
      label: 'GET /admin/analytics/graph/users, monthly (5 months)',
      path: '/admin/analytics/graph/users',
      query: monthly,
      reference: {
        text: `select to_char(date_trunc('month', day), 'MM-YYYY') as label, count(distinct user_id)::int as n
               from user_activity where day >= $1::date and day < $2::date group by 1`,
        values: [isoDay(monthlyFirst), isoDay(monthlyEnd)],
      },
    },
    {
      key: 'users-yearly',
      label: 'GET /admin/analytics/graph/users, yearly (3 years: all activity)',
      path: '/admin/analytics/graph/users',
      query: { type: 'yearly', startDate: `01-${yearlyFirst.getUTCFullYear()}`, endDate: monthLabel(today) },
      reference: {
        text: `select to_char(date_trunc('year', day), 'YYYY') as label, count(distinct user_id)::int as n
               from user_activity where day >= $1::date and day < $2::date group by 1`,
        values: [isoDay(yearlyFirst), isoDay(yearlyEnd)],
      },
    },
    {
      key: 'groups-monthly',
      label: 'GET /admin/analytics/graph/groups, monthly (5 months)',
      path: '/admin/analytics/graph/groups',
      query: monthly,
      reference: {
        text: `select to_char(date_trunc('month', created_at at time zone 'UTC'), 'MM-YYYY') as label,
                      count(*)::int as n
               from groups where created_at >= $1::timestamptz and created_at < $2::timestamptz group by 1`,
        values: [monthlyFirst.toISOString(), monthlyEnd.toISOString()],
      },
    },
  ];
}

/** `{activeusers: [{name: n}]}` or `{graph: [{label: n}]}` as label → n. */
function answerCounts(body: Record<string, unknown>): Map<string, number> {
  const entries = (body.activeusers ?? body.graph) as Record<string, number>[] | undefined;
  return new Map((entries ?? []).flatMap((entry) => Object.entries(entry)));
}

function compare(api: Map<string, number>, reference: Map<string, number>): string[] {
  const differences: string[] = [];
  for (const label of new Set([...api.keys(), ...reference.keys()])) {
    const fromApi = api.get(label) ?? 0;
    const fromScan = reference.get(label) ?? 0;
    if (fromApi !== fromScan) differences.push(`${label}: API ${fromApi}, scan ${fromScan}`);
  }
  return differences;
}

export async function benchAnalytics(options: {
  baseUrl: string;
  /** The bench admin's headers, signed in anew when the token is old: a slow scan's run takes minutes. */
  freshHeaders: () => Promise<Record<string, string>>;
  execute: Executor;
  /** Whether the scan is measured at 50 callers too (PGlite has one connection). */
  isConcurrent: boolean;
  single: LoadSettings;
  concurrent: LoadSettings;
  now: Date;
}): Promise<AnalyticsBench[]> {
  const results: AnalyticsBench[] = [];
  for (const call of analyticsCalls(options.now)) {
    const headers = await options.freshHeaders();
    const url = `${options.baseUrl}${call.path}?${new URLSearchParams({ ...call.query, access_type: 'analytics' })}`;
    const response = await fetch(url, { headers });
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${call.path}: ${response.status} ${JSON.stringify(body)}`);
    const scan = (await options.execute({ ...call.reference })) as { rows: { label: string; n: number }[] };
    const reference = new Map(scan.rows.map((row) => [call.labelOf?.(row.label) ?? row.label, row.n]));
    const differences = compare(answerCounts(body), reference);

    const runScan = () => options.execute({ ...call.reference });
    const warm = await loadHttp(url, headers, { connections: 1, requests: options.single.warmup });
    const single = planRun(options.single, warm.requestsPerSecond);
    const apiSingle = await loadHttp(url, headers, single);
    // The scan is slow: as many calls as fit the run's duration at its own pace, at least a few.
    const scanMs = await warmUp(runScan, 3);
    const scanRun = planRun({ ...options.single, minRounds: 5 }, 1000 / Math.max(1, scanMs));
    const sqlSingle = await loadLoop(runScan, scanRun);
    const apiWarm = await warmUntilSteady(
      (run) => loadHttp(url, headers, run),
      options.concurrent,
      apiSingle.requestsPerSecond,
    );
    const apiConcurrent = await loadHttp(
      url,
      headers,
      planRun(options.concurrent, apiWarm.requestsPerSecond),
    );
    let sqlConcurrent: LoadResult | undefined;
    if (options.isConcurrent) {
      const perSecond = sqlSingle.requestsPerSecond * 2;
      sqlConcurrent = await loadLoop(runScan, planRun({ ...options.concurrent, minRounds: 1 }, perSecond));
    }
    results.push({
      key: call.key,
      label: call.label,
      api: { single: apiSingle, concurrent: apiConcurrent },
      sql: { single: sqlSingle, concurrent: sqlConcurrent },
      isExact: differences.length === 0,
      differences: differences.slice(0, 5),
      buckets: answerCounts(body).size,
    });
  }
  return results;
}
