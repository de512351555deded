import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type AnalyticsBench, benchAnalytics } from './analytics';
import { withCpu } from './cpu';
import type { Dataset } from './data';
import { benchListStrategies, type StrategyBench } from './list-strategies';
import {
  type LoadResult,
  type LoadSettings,
  loadHttp,
  loadLoop,
  planRun,
  warmUntilSteady,
  warmUp,
} from './load';
import {
  deepCursorSetup,
  type ListArea,
  type ListCounts,
  type ListScenario,
  listScenarios,
  listUrl,
  SECOND_AREA,
  USERS_AREA,
  USERS_STAND_IN,
} from './scenarios';
import {
  type ApiServer,
  freshSession,
  type Session,
  signIn,
  startApiServer,
  startCarrierServer,
} from './servers';
import { type Engine, log } from './shared';
import {
  type Executor,
  explainRequest,
  pgliteExecutor,
  postgresExecutor,
  replayRequest,
  type Statement,
  type StatementWork,
  toWaves,
} from './sql-replay';
import { benchUploads, type UploadBench } from './uploads';
import { benchWrites, type WriteBench } from './writes';

/** Uploads measured one at a time (each also followed by a refusal of the same size). */
const UPLOAD_REQUESTS = 10;

/** The API's own pool size (openDatabase's default): the raw-SQL reference uses as many connections. */
export const API_POOL_SIZE = 20;

export type EngineSettings = {
  single: LoadSettings;
  concurrent: LoadSettings;
  /** Scenario keys measured on the second area (all on the users list). */
  secondAreaScenarios: readonly string[] | 'all';
  writeRows: number;
  /** The §6 case's count strategies: requests per strategy, and ANALYZE rounds (PostgreSQL). */
  strategyRequests: number;
  analyzeRounds: number;
};

export type ScenarioResult = {
  area: string;
  key: string;
  label: string;
  isTargetCase: boolean;
  path: string;
  table: string;
  query: Record<string, string>;
  counts: ListCounts;
  /** No-filter scenarios: the statuses counted straight from the table when the counts were answered. */
  directCounts?: Record<string, number>;
  /** The SQL one request runs, in waves (see sql-replay.ts). */
  waves: Statement[][];
  /** Rows each statement reads (EXPLAIN ANALYZE on the reference side). */
  work?: StatementWork[];
  /**
   * Each side's runs of one round: at 1 connection the round whose difference of p95 (API − SQL) is
   * the median of ROUNDS alternating rounds; at 50 connections (PostgreSQL) the round whose ratio is.
   */
  api: { single: LoadResult; concurrent: LoadResult };
  sql: { single?: LoadResult; concurrent?: LoadResult };
  /**
   * PostgreSQL: the bare carrier of the same SQL and answer (carrier-server.ts), run in the same
   * rounds as the API and the SQL; the kept round's.
   */
  carrier?: { single: LoadResult; concurrent: LoadResult };
  /** The answer's size in bytes. */
  answerBytes?: number;
  /** Each round's API/SQL requests/s at 50 connections, in the order run (PostgreSQL). */
  concurrentRatios?: number[];
};

export type EngineResult = {
  engine: Engine;
  users: number;
  isSeededNow: boolean;
  seedSeconds: number;
  serverVersion?: string;
  coldStartMs: number;
  peakRssMb?: number;
  notes: string[];
  scenarios: ScenarioResult[];
  writes?: WriteBench;
  writesProblem?: string;
  uploads?: UploadBench;
  uploadsProblem?: string;
  analytics?: AnalyticsBench[];
  analyticsProblem?: string;
  strategies?: StrategyBench;
  strategiesProblem?: string;
};

type Planned = Omit<ScenarioResult, 'api' | 'sql' | 'carrier'> & {
  /** The API's answer to the call, as it sent it (the carrier sends the same bytes). */
  answer: string;
};

async function getJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

/** The users list, or its stand-in (with a note) while /admin/users is not served yet. */
async function chooseAreas(baseUrl: string, headers: Record<string, string>, notes: string[]) {
  const { status } = await getJson(listUrl(baseUrl, USERS_AREA, { limit: '1' }), headers);
  if (status === 200) return [USERS_AREA, SECOND_AREA];
  notes.push(
    `${USERS_AREA.path} answered ${status}: the users list is not served yet, ${USERS_STAND_IN.path} is measured in its place`,
  );
  return [USERS_STAND_IN, SECOND_AREA];
}

/** Capture pass: each scenario's request once, with the SQL it ran and the tile counts it answered. */
async function planScenarios(
  server: ApiServer,
  dataset: Dataset,
  settings: EngineSettings,
  notes: string[],
): Promise<Planned[]> {
  const session = await signIn(server.url);
  const areas = await chooseAreas(server.url, session.headers, notes);
  const planned: Planned[] = [];
  for (const area of areas) {
    const wanted = area === SECOND_AREA ? settings.secondAreaScenarios : 'all';
    const scenarios = (await areaScenarios(server, session, dataset, area, wanted)).filter(
      (scenario) => wanted === 'all' || wanted.includes(scenario.key),
    );
    for (const scenario of scenarios) planned.push(await planOne(server, session, area, scenario));
  }
  return planned;
}

/**
 * An area's list calls on a data set (scenarios.ts): the deep page half-way, a selective term from
 * there, the cursor of the deep cursor page when it is `wanted`.
 */
async function areaScenarios(
  server: ApiServer,
  session: Session,
  dataset: Dataset,
  area: ListArea,
  wanted: readonly string[] | 'all' = 'all',
): Promise<ListScenario[]> {
  const first = await getJson(listUrl(server.url, area, { limit: '1', status: 'All' }), session.headers);
  const total = Number(first.body.searchcount);
  const middle = await getJson(
    listUrl(server.url, area, { skip: String(Math.floor(total / 2)), limit: '1', status: 'All' }),
    session.headers,
  );
  const row = (middle.body[area.rowsKey] as Record<string, unknown>[] | undefined)?.[0];
  const selectiveTerm = String(row?.[area.selectiveField] ?? 'zzz').toLowerCase();
  const deepCursor =
    wanted === 'all' || wanted.includes('cursor')
      ? await readDeepCursor(server.url, session.headers, area, total)
      : undefined;
  return listScenarios({ area, marker: dataset.marker, total, selectiveTerm, deepCursor });
}

export type ScaleRun = { key: string; label: string; p95: number };

/**
 * The users list's calls at 1 connection on a smaller data set, for how each call's p95 grows with
 * the table (printed beside the full data set's own runs).
 */
export async function measureUsersScale(dataset: Dataset, settings: EngineSettings): Promise<ScaleRun[]> {
  const server = await startApiServer(dataset);
  try {
    const session = await signIn(server.url);
    const runs: ScaleRun[] = [];
    for (const scenario of await areaScenarios(server, session, dataset, USERS_AREA)) {
      const url = listUrl(server.url, USERS_AREA, scenario.query);
      const warm = await loadHttp(url, session.headers, { connections: 1, requests: settings.single.warmup });
      const result = await loadHttp(url, session.headers, planRun(settings.single, warm.requestsPerSecond));
      runs.push({ key: scenario.key, label: scenario.label, p95: result.p95 });
    }
    return runs;
  } finally {
    await server.stop();
  }
}

/** The cursor the panel holds on the page before the deep cursor page: that page's nextCursor. */
async function readDeepCursor(
  baseUrl: string,
  headers: Record<string, string>,
  area: ListArea,
  total: number,
): Promise<string | undefined> {
  const setup = deepCursorSetup(total);
  if (!setup) return undefined;
  const query = { skip: String(setup.skip), limit: String(setup.limit), status: 'All' };
  const { status, body } = await getJson(listUrl(baseUrl, area, query), headers);
  if (status !== 200) throw new Error(`${area.path} page before the deep cursor page: ${status}`);
  return typeof body.nextCursor === 'string' ? body.nextCursor : undefined;
}

async function planOne(server: ApiServer, session: Session, area: ListArea, scenario: ListScenario) {
  let answer: Awaited<ReturnType<typeof getJson>> | undefined;
  const url = listUrl(server.url, area, scenario.query);
  await getJson(url, session.headers); // once unrecorded: the capture holds a warm request's SQL
  const queries = await server.captureSql!(async () => {
    answer = await getJson(url, session.headers);
  });
  if (answer?.status !== 200) {
    throw new Error(`${area.path} ${scenario.label}: ${answer?.status} ${JSON.stringify(answer?.body)}`);
  }
  if (queries.length === 0) throw new Error('the SQL capture saw no statements');
  const { searchcount, active, inactive, deleted } = answer.body as unknown as ListCounts;
  const isEstimated = answer.body.countsEstimated === true;
  return {
    area: area.name,
    key: scenario.key,
    label: scenario.label,
    isTargetCase: scenario.isTargetCase,
    path: area.path,
    table: area.table,
    query: scenario.query,
    counts: { searchcount, active, inactive, deleted, isEstimated },
    waves: toWaves(queries),
    answer: answer.text,
  } satisfies Planned;
}

/** The database straight, without the API: where the reference side of each list call runs. */
type SqlReference = {
  execute: Executor;
  /** Whether it is measured at 50 callers too (PGlite has one connection: its ceiling is one caller's). */
  isConcurrent: boolean;
  version?: string;
  close: () => Promise<void>;
};

/**
 * PostgreSQL: a pg pool as large as the API's. PGlite: a copy of the data set's files opened in
 * this process (PGlite is one process's), so that its runs can sit right beside the API's.
 */
async function openSqlReference(dataset: Dataset, planned: Planned[]): Promise<SqlReference> {
  const closeOnce = (close: () => Promise<void>) => {
    let closing: Promise<void> | undefined;
    return () => {
      closing ??= close();
      return closing;
    };
  };
  if (dataset.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: dataset.databaseUrl, max: API_POOL_SIZE });
    const version = (await pool.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]
      ?.v;
    const execute = postgresExecutor(pool);
    for (const plan of planned) plan.work = await explainRequest(execute, plan.waves);
    return { execute, isConcurrent: true, version, close: closeOnce(() => pool.end()) };
  }
  const copy = path.join(dataset.dataDir, 'pglite-reference');
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(dataset.dataDir, 'pglite'), copy, { recursive: true });
  const database = await PGlite.create(copy, { extensions: { pg_trgm } });
  const version = (await database.query<{ v: string }>("select current_setting('server_version') as v"))
    .rows[0]?.v;
  const execute = pgliteExecutor(database);
  for (const plan of planned) plan.work = await explainRequest(execute, plan.waves);
  return {
    execute,
    isConcurrent: false,
    version,
    close: closeOnce(async () => {
      await database.close();
      rmSync(copy, { recursive: true, force: true });
    }),
  };
}

/** The statuses of a table counted straight, to check the tile counts the API answered. */
async function countDirectly(execute: Executor, table: string): Promise<Record<string, number>> {
  const result = (await execute({
    text: `select status, count(*)::int as n from "${table}" group by status`,
    values: [],
  })) as { rows: { status: string; n: number }[] };
  return Object.fromEntries(result.rows.map((row) => [row.status, row.n]));
}

/**
 * One list call under load: at 1 connection, then at 50, each time the API first and then the very
 * same SQL straight at the database with the same number of requests: as many as the API served in
 * about the run's duration during its warm-up at that concurrency.
 */
async function measureScenario(
  server: ApiServer,
  session: Session,
  plan: Planned,
  settings: EngineSettings,
  reference: SqlReference,
  carrier?: { url: string; pid: number },
): Promise<ScenarioResult> {
  const url = `${server.url}${plan.path}?${new URLSearchParams(plan.query)}`;
  const { headers } = session;
  const replay = replayRequest(plan.waves, reference.execute);
  const { answer, ...planned } = plan;
  const answerBytes = Buffer.byteLength(answer);
  const warm = await loadHttp(url, headers, { connections: 1, requests: settings.single.warmup });
  // Each side is warmed at 50 connections until its rate is steady before either run is measured:
  // the API's process speeds up for seconds as its code is compiled, and a call measured on that
  // slope at 1 connection showed the process's age, not the call's cost.
  const apiWarm = await warmUntilSteady(
    (run) => loadHttp(url, headers, run),
    settings.concurrent,
    warm.requestsPerSecond,
  );
  // The SQL side likewise; PGlite's reference takes one connection, so it is warmed at one.
  if (reference.isConcurrent) {
    await warmUntilSteady((run) => loadLoop(replay, run), settings.concurrent, warm.requestsPerSecond);
  } else {
    await warmUp(replay, settings.single.warmup);
  }
  if (carrier) {
    await warmUntilSteady(
      (run) => loadHttp(carrier.url, {}, run),
      settings.concurrent,
      warm.requestsPerSecond,
    );
  }
  // At 1 connection and at 50 the sides alternate in rounds of runs, each lasting half the
  // settings' duration (three rounds take 1.5 times one full round). At 1 connection the round
  // whose difference of p95 (API − SQL) is the median is kept: one run of each, a few seconds apart,
  // differed by more than the API's own cost (item 2 compares them to a tenth of a millisecond).
  const runRounds = (load: LoadSettings, perSecond: number) => {
    const run = planRun({ ...load, durationSeconds: load.durationSeconds / 2 }, perSecond);
    // Each run also reads the CPU time it cost the bench, the server measured and the database.
    return alternateRounds({
      api: () => withCpu(() => loadHttp(url, headers, run), server.pid),
      sql: () => withCpu(() => loadLoop(replay, run)),
      carrier: carrier ? () => withCpu(() => loadHttp(carrier.url, {}, run), carrier.pid) : undefined,
    });
  };
  const singleRounds = await runRounds(settings.single, warm.requestsPerSecond);
  const single = medianRoundBy(singleRounds, (round) => round.api.p95 - round.sql.p95);
  if (!reference.isConcurrent) {
    const apiConcurrent = await loadHttp(
      url,
      headers,
      planRun(settings.concurrent, apiWarm.requestsPerSecond),
    );
    return {
      ...planned,
      answerBytes,
      api: { single: single.api, concurrent: apiConcurrent },
      sql: { single: single.sql },
    };
  }
  const rounds = await runRounds(settings.concurrent, apiWarm.requestsPerSecond);
  const median = medianRoundBy(rounds, ratioOf);
  return {
    ...planned,
    answerBytes,
    api: { single: single.api, concurrent: median.api },
    sql: { single: single.sql, concurrent: median.sql },
    carrier:
      single.carrier && median.carrier ? { single: single.carrier, concurrent: median.carrier } : undefined,
    concurrentRatios: rounds.map(ratioOf),
  };
}

/**
 * Runs of a list call, the API's and the SQL's (and the carrier's), at 1 connection and again at
 * 50, in this many rounds. On two cores shared by the API, the database's backends and the load,
 * one run of each side drifts by ±15% from the next (a checkpoint, the scheduler): the ratio of one
 * pair of runs was a coin toss near its target.
 */
const ROUNDS = 3;

type Round = { api: LoadResult; sql: LoadResult; carrier?: LoadResult };
type Side = keyof Round;

const ratioOf = (round: Round) => round.api.requestsPerSecond / round.sql.requestsPerSecond;

/** The rounds, the sides taking turns to go first (API, SQL, carrier; then SQL, carrier, API; ...), so a drift evens out. */
async function alternateRounds(
  sides: Record<Side, (() => Promise<LoadResult>) | undefined>,
): Promise<Round[]> {
  const order = (['api', 'sql', 'carrier'] as const).filter((side) => sides[side]);
  const rounds: Round[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const runs: Partial<Round> = {};
    for (let turn = 0; turn < order.length; turn++) {
      const side = order[(index + turn) % order.length]!;
      runs[side] = await sides[side]!();
    }
    rounds.push(runs as Round);
  }
  return rounds;
}

/** The round whose `measure` is the median of the rounds' (the middle one of three). */
function medianRoundBy(rounds: Round[], measure: (round: Round) => number): Round {
  const sorted = [...rounds].sort((a, b) => measure(a) - measure(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * One engine: a capture pass (each list call once, its SQL recorded), then a measured pass on a
 * fresh server process: cold start, list calls at 1 and at 50 connections each beside the same SQL
 * sent straight to the database, writes under concurrency, and `during` while it still runs.
 */
export async function benchEngine(
  dataset: Dataset,
  settings: EngineSettings,
  during?: (server: ApiServer, session: Session) => Promise<void>,
): Promise<EngineResult> {
  const notes: string[] = [];
  const name = dataset.engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  log(`  ${name}: capture pass (the SQL of each list call)`);
  let planned: Planned[] | undefined;
  for (let attempt = 1; !planned; attempt++) {
    const capture = await startApiServer(dataset, { capture: true });
    const captureNotes: string[] = [];
    try {
      planned = await planScenarios(capture, dataset, settings, captureNotes);
      notes.push(...captureNotes);
    } catch (error) {
      // Stopped from outside (a shared machine): capture again; any other failure is the run's.
      if (capture.isRunning() || attempt === 3) throw error;
      log('    the API process was stopped from outside during the capture: capturing again');
    } finally {
      await capture.stop();
    }
  }

  const reference = await openSqlReference(dataset, planned);
  for (const plan of planned.filter((p) => p.key === 'none')) {
    plan.directCounts = await countDirectly(reference.execute, plan.table);
  }
  const results: ScenarioResult[] = [];
  let writes: WriteBench | undefined;
  let writesProblem: string | undefined;
  let uploads: UploadBench | undefined;
  let uploadsProblem: string | undefined;
  let analytics: AnalyticsBench[] | undefined;
  let analyticsProblem: string | undefined;
  let strategies: StrategyBench | undefined;
  let strategiesProblem: string | undefined;
  log(`  ${name}: measured pass`);
  let server = await startApiServer(dataset);
  const coldStartMs = server.coldStartMs;
  let session = await signIn(server.url);
  let peakRssMb: number | undefined;
  /** On a shared machine the server may be stopped from outside: start it again, and say so. */
  const restartIfStopped = async () => {
    if (server.isRunning()) return false;
    notes.push(
      'the API process was stopped from outside during the run and started again; the step was repeated',
    );
    log('    the API process was stopped from outside: starting it again');
    server = await startApiServer(dataset);
    session = await signIn(server.url);
    return true;
  };
  try {
    // PostgreSQL: the calls' bare carrier runs beside the API while they are measured.
    const carrier = dataset.databaseUrl
      ? await startCarrierServer(
          dataset.databaseUrl,
          planned.map(({ waves, answer }) => ({ waves, answer })),
          API_POOL_SIZE,
        )
      : undefined;
    try {
      for (const [index, plan] of planned.entries()) {
        log(`    ${plan.area}: ${plan.label}`);
        let result: ScenarioResult;
        do {
          session = await freshSession(server.url, session);
          const carried = carrier?.isRunning()
            ? { url: `${carrier.url}/call/${index}`, pid: carrier.pid }
            : undefined;
          result = await measureScenario(server, session, plan, settings, reference, carried);
        } while (await restartIfStopped());
        results.push(result);
      }
    } finally {
      await carrier?.stop();
    }
    const target = planned.find((plan) => plan.isTargetCase && plan.area === USERS_AREA.name);
    if (target) {
      do {
        try {
          strategiesProblem = undefined;
          session = await freshSession(server.url, session);
          strategies = await benchListStrategies({
            execute: reference.execute,
            query: target.query,
            requests: settings.strategyRequests,
            // ANALYZE reaches the API's own database on PostgreSQL (PGlite's reference is a copy).
            api:
              dataset.engine === 'postgres'
                ? {
                    url: `${server.url}${target.path}?${new URLSearchParams(target.query)}`,
                    headers: session.headers,
                    rounds: settings.analyzeRounds,
                  }
                : undefined,
          });
        } catch (error) {
          strategiesProblem = error instanceof Error ? error.message : String(error);
        }
      } while (await restartIfStopped());
    }
    log('    analytics (rollups beside a scan of the raw activity)');
    do {
      try {
        analyticsProblem = undefined;
        analytics = await benchAnalytics({
          baseUrl: server.url,
          freshHeaders: async () => {
            session = await freshSession(server.url, session);
            return session.headers;
          },
          execute: reference.execute,
          isConcurrent: reference.isConcurrent,
          single: settings.single,
          concurrent: settings.concurrent,
          now: new Date(dataset.marker.now),
        });
      } catch (error) {
        analyticsProblem = error instanceof Error ? error.message : String(error);
      }
    } while (await restartIfStopped());
    await reference.close();
    log(`    writes under concurrency (${SECOND_AREA.path})`);
    do {
      try {
        writesProblem = undefined;
        session = await freshSession(server.url, session);
        writes = await benchWrites({
          baseUrl: server.url,
          area: SECOND_AREA,
          headers: session.headers,
          rows: settings.writeRows,
          connections: settings.concurrent.connections,
        });
      } catch (error) {
        writesProblem = error instanceof Error ? error.message : String(error);
      }
    } while (await restartIfStopped());
    log('    uploads (POST /admin/city with a 5 MB image)');
    do {
      try {
        uploadsProblem = undefined;
        session = await freshSession(server.url, session);
        uploads = await benchUploads({
          baseUrl: server.url,
          headers: session.headers,
          requests: UPLOAD_REQUESTS,
        });
      } catch (error) {
        uploadsProblem = error instanceof Error ? error.message : String(error);
      }
    } while (await restartIfStopped());
    if (during) {
      do await during(server, await freshSession(server.url, session));
      while (await restartIfStopped());
    }
    peakRssMb = server.peakRssMb();
  } finally {
    await server.stop();
    await reference.close();
  }

  return {
    engine: dataset.engine,
    users: dataset.users,
    isSeededNow: dataset.isSeededNow,
    seedSeconds: dataset.marker.seededInSeconds,
    serverVersion: reference.version,
    coldStartMs,
    peakRssMb,
    notes,
    scenarios: results,
    writes,
    writesProblem,
    uploads,
    uploadsProblem,
    analytics,
    analyticsProblem,
    strategies,
    strategiesProblem,
  };
}
