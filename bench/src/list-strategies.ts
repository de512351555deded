import { COUNT_POLICY } from '../../apps/api/src/admin/core/resource';
import { type LoadResult, loadHttp, loadLoop, warmUp } from './load';
import { log } from './shared';
import type { Executor } from './sql-replay';

/**
 * The §6 case's tile counts, each way of answering them measured straight at the database on the
 * same filters (search + dates; status is the tile): what each costs per call and how far its
 * figure is from the true count. The API answers with the one marked `isChosen`.
 */
export type CountStrategyResult = {
  name: string;
  /** Per call at 1 connection. */
  load: LoadResult;
  /** The rows it says match (all statuses); undefined when it gives no figure. */
  total?: number;
  /** Its figure is exact (or a lower bound it says it is). */
  kind: 'exact' | 'lower bound' | 'estimate' | 'no counts';
  isChosen: boolean;
  note?: string;
};

export type PlanStabilityResult = {
  rounds: number;
  /** Each round: the API's §6 call at 1 connection after a fresh ANALYZE, and its page's plan. */
  runs: { p95: number; plan: string }[];
};

export type StrategyBench = {
  trueTotal: number;
  trueMs: number;
  strategies: CountStrategyResult[];
  stability?: PlanStabilityResult;
};

type Rows<T> = { rows: T[] };

const { countCap: COUNT_CAP, sampleRows: SAMPLE_ROWS, sampleKeptMs: SAMPLE_KEPT_MS } = COUNT_POLICY;

/** The users list's search, as the API writes it (admin/core/list-filters.ts `searchTextCondition`). */
const SEARCH = '"search_text" like $1';
const FILTERS = `"created_at" >= $2 and "created_at" < $3 and ${SEARCH}`;

function filterValues(query: Record<string, string>): unknown[] {
  const from = new Date(`${query.from_date}T00:00:00.000Z`);
  const dayAfter = new Date(`${query.to_date}T00:00:00.000Z`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
  return [`%${query.searchphrase}%`, from, dayAfter];
}

const sumOf = (rows: readonly { n: number | string }[]) => rows.reduce((sum, row) => sum + Number(row.n), 0);

/** Plan node types from the top, e.g. "Limit > Index Scan using users_created_idx". */
function planShape(node: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }): string {
  const own = node['Index Name'] ? `${node['Node Type']} using ${node['Index Name']}` : node['Node Type'];
  const [child] = (node.Plans ?? []) as (typeof node)[];
  return child ? `${own} > ${planShape(child)}` : own;
}

/**
 * The §6 case (search + ACTIVE + dates on the users list) counted four ways on `execute`, each run
 * `requests` times after a warm-up; then, where `analyze` is given (PostgreSQL), the API's call
 * measured after each of `rounds` fresh ANALYZEs, with the page's plan each time.
 */
export async function benchListStrategies(options: {
  execute: Executor;
  /** The §6 case's list query (scenarios.ts). */
  query: Record<string, string>;
  requests: number;
  api?: { url: string; headers: Record<string, string>; rounds: number };
}): Promise<StrategyBench> {
  const { execute, query, requests } = options;
  const values = filterValues(query);
  const run = (text: string, extra: unknown[] = []) => execute({ text, values: [...values, ...extra] });
  const measure = async (task: () => Promise<unknown>) => {
    await warmUp(task, Math.min(20, requests));
    return loadLoop(task, { connections: 1, requests });
  };

  log('    §6 case: count strategies');
  const trueStarted = performance.now();
  const truth = (await run(
    `select status, count(*)::int as n from users where ${FILTERS} group by 1`,
  )) as Rows<{
    n: number;
  }>;
  const trueMs = performance.now() - trueStarted;
  const trueTotal = sumOf(truth.rows);

  const strategies: CountStrategyResult[] = [];
  const capped = `select status, count(*)::int as n from (select status from users where ${FILTERS} limit ${COUNT_CAP + 1}) m group by 1`;
  const cappedRows = (await run(capped)) as Rows<{ n: number }>;
  const cappedTotal = sumOf(cappedRows.rows);
  strategies.push({
    name: `exact up to ${COUNT_CAP.toLocaleString('en')}, then "10,000+"`,
    load: await measure(() => run(capped)),
    total: cappedTotal,
    kind: cappedTotal > COUNT_CAP ? 'lower bound' : 'exact',
    isChosen: false,
    note: 'the previous answer',
  });

  const explain = `explain (format json) select 1 from users where ${FILTERS}`;
  const planned = (await run(explain)) as Rows<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>;
  strategies.push({
    name: 'planner estimate (EXPLAIN)',
    load: await measure(() => run(explain)),
    total: Math.round(planned.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows']),
    kind: 'estimate',
    isChosen: false,
  });

  // The API's: the table's kept size, then a sample of about SAMPLE_ROWS rows' pages (list-counts.ts).
  const kept = (await execute({
    text: `select sum(n)::int as n from status_counts where entity = 'users'`,
    values: [],
  })) as Rows<{ n: number }>;
  const tableSize = kept.rows[0]!.n;
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / tableSize);
  const sample = `select status, count(*) filter (where ${FILTERS})::int as matches, count(*)::int as sampled from users tablesample system ($4) repeatable (0) group by 1`;
  const sampled = (await run(sample, [percent])) as Rows<{ matches: number; sampled: number }>;
  const sampledRows = sampled.rows.reduce((sum, row) => sum + row.sampled, 0);
  const sampledMatches = sampled.rows.reduce((sum, row) => sum + row.matches, 0);
  strategies.push({
    name: `sample of the table (${SAMPLE_ROWS.toLocaleString('en')} rows' pages), scaled`,
    load: await measure(() => run(sample, [percent])),
    total: Math.round((sampledMatches / Math.max(1, sampledRows)) * tableSize),
    kind: 'estimate',
    isChosen: true,
    note: `taken once per ${SAMPLE_KEPT_MS / 1000} s per filter; the calls between answer its estimate without a statement`,
  });

  const page = `select id from users where ${FILTERS} and status = 'ACTIVE' order by created_at desc nulls last, id desc nulls last limit 20`;
  strategies.push({
    name: 'page first, counts in a second request',
    load: await measure(() => run(page)),
    kind: 'no counts',
    isChosen: false,
    note: 'the page alone; its counts would still cost a count above',
  });

  let stability: PlanStabilityResult | undefined;
  if (options.api) {
    const { url, headers, rounds } = options.api;
    const runs: PlanStabilityResult['runs'] = [];
    for (let round = 1; round <= rounds; round++) {
      log(`    §6 case after ANALYZE ${round} of ${rounds}`);
      await execute({ text: 'analyze users', values: [] });
      const explained = (await run(`explain (format json) ${page}`)) as Rows<{
        'QUERY PLAN': { Plan: Parameters<typeof planShape>[0] }[];
      }>;
      await loadHttp(url, headers, { connections: 1, requests: 20 });
      const result = await loadHttp(url, headers, { connections: 1, requests });
      runs.push({ p95: result.p95, plan: planShape(explained.rows[0]!['QUERY PLAN'][0]!.Plan) });
    }
    stability = { rounds, runs };
  }
  return { trueTotal, trueMs, strategies, stability };
}
