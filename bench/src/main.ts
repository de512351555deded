/**
 * `npm run bench` (full: PostgreSQL with 1,000,000 users, PGlite with 100,000) and
 * `npm run bench -- --quick` (smaller data, shorter runs). Prints one table to stdout, progress
 * to stderr, and writes everything to bench/results/latest.json. Figures are printed, never
 * asserted: a missed target is a verdict in the table, not a failed command.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestCertificate, type TestCertificate } from '../../apps/api/src/test-support/certificate';
import { type Dataset, ensurePgliteDataset, ensurePostgresDataset } from './data';
import { benchEngine, type EngineResult, type EngineSettings, measureUsersScale } from './engine-bench';
import { benchExports } from './exports';
import { type LoadSettings, loadHttp, planConcurrentWarmup, planRun } from './load';
import {
  ensurePanelBuilt,
  type LighthouseScores,
  measureBundle,
  type PanelPage,
  runLighthouse,
} from './panel';
import { buildTable, type RunFacts, renderTable } from './report';
import { USERS_AREA } from './scenarios';
import { type ApiServer, type Session, signIn, startApiServer, startHelloServer } from './servers';
import { type Engine, log } from './shared';

const RESULTS_FILE = path.resolve(import.meta.dirname, '../results/latest.json');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
/**
 * The panel's pages Lighthouse audits: sign-in, the users list (SPEC §2), a user's profile and an
 * item's detail page (the one detail screen of cafes, shops, rentals...; its photos above it).
 */
const PANEL_PAGES = {
  signIn: { key: 'signIn', label: 'sign-in page', path: '/', isSignedIn: false },
  list: { key: 'list', label: 'list page', path: '/user', isSignedIn: true },
} as const satisfies Record<string, PanelPage>;
const detailPageOf = (userId: string): PanelPage => ({
  key: 'detail',
  label: 'detail page',
  path: `/userdetail/${userId}`,
  isSignedIn: true,
});
const itemPageOf = (cafeId: string): PanelPage => ({
  key: 'itemDetail',
  label: 'item detail page',
  path: `/cafedetail/${cafeId}`,
  isSignedIn: true,
});
/** Users in the embedded data set of `--only=panel`: the pages need rows, not volume. */
const PANEL_ONLY_USERS = 2_000;

type Part = Engine | 'panel' | 'exports';

type Options = {
  isQuick: boolean;
  isReseed: boolean;
  skip: Set<Part>;
  /** `--only=panel`: the panel's build and Lighthouse audit alone, on a small embedded data set. */
  isPanelOnly: boolean;
  databaseUrl: string;
  users: Record<Engine, number>;
  settings: EngineSettings;
  /** Lighthouse audits per page (the median run is reported). */
  lighthouseRuns: number;
};

const USAGE = `Usage: npm run bench [-- --quick] [--reseed] [--skip=postgres,pglite,panel,exports] [--only=panel]

  --quick    smaller data (PostgreSQL 50,000 users, PGlite 10,000) and 1 s runs: under 3 minutes
  --reseed   seed the bench data sets again even when their markers match
  --skip     leave parts out (while working on one of them)
  --only=panel  the panel alone: its build and Lighthouse on the sign-in, list and detail pages,
             served by the API on an embedded data set of ${PANEL_ONLY_USERS.toLocaleString('en')} users

Environment: DATABASE_URL, the PostgreSQL server the bench creates its databases on
(default ${DEFAULT_DATABASE_URL}).`;

function parseOptions(argv: readonly string[]): Options {
  const isQuick = argv.includes('--quick');
  const skipArg = argv.find((arg) => arg.startsWith('--skip='));
  const skip = new Set((skipArg?.slice('--skip='.length).split(',') ?? []) as Part[]);
  const onlyArg = argv.find((arg) => arg.startsWith('--only='));
  if (onlyArg && onlyArg !== '--only=panel') throw new Error(`only --only=panel is known\n\n${USAGE}`);
  for (const arg of argv) {
    if (!['--quick', '--reseed'].includes(arg) && arg !== skipArg && arg !== onlyArg)
      throw new Error(`unknown argument ${arg}\n\n${USAGE}`);
  }
  const run = (
    connections: number,
    durationSeconds: number,
    warmup: number,
    minRounds: number,
  ): LoadSettings => ({
    connections,
    durationSeconds,
    warmup,
    minRounds,
  });
  return {
    isQuick,
    isReseed: argv.includes('--reseed'),
    skip,
    isPanelOnly: onlyArg === '--only=panel',
    databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    users: isQuick ? { postgres: 50_000, pglite: 10_000 } : { postgres: 1_000_000, pglite: 100_000 },
    lighthouseRuns: isQuick ? 1 : 3,
    settings: isQuick
      ? {
          single: run(1, 1, 3, 5),
          concurrent: run(50, 1, 250, 1),
          secondAreaScenarios: ['none', 'broad', 'target'],
          writeRows: 50,
          strategyRequests: 50,
          analyzeRounds: 2,
        }
      : {
          single: run(1, 5, 5, 10),
          concurrent: run(50, 5, 1000, 2),
          secondAreaScenarios: 'all',
          writeRows: 200,
          strategyRequests: 200,
          analyzeRounds: 5,
        },
  };
}

async function measureHello(settings: EngineSettings) {
  log('HTTP ceiling: hello-world Fastify');
  const hello = await startHelloServer();
  try {
    const url = `${hello.url}/`;
    const warm = await loadHttp(url, {}, { connections: 1, requests: 2000 });
    const single = await loadHttp(url, {}, planRun(settings.single, warm.requestsPerSecond));
    const warmRun = planConcurrentWarmup(settings.concurrent, single.requestsPerSecond);
    const warmConcurrent = await loadHttp(url, {}, warmRun);
    const concurrent = await loadHttp(
      url,
      {},
      planRun(settings.concurrent, warmConcurrent.requestsPerSecond),
    );
    return { single, concurrent, coldStartMs: hello.coldStartMs };
  } finally {
    await hello.stop();
  }
}

/** The first cafe with photos of the cafes list's first page: the item detail page audited. */
async function findCafeWithPhotos(baseUrl: string, session: Session): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/cafe?skip=0&limit=20&status=ACTIVE`, {
    headers: session.headers,
  });
  if (!response.ok) throw new Error(`the cafes list answered ${response.status}`);
  const { cafes } = (await response.json()) as { cafes?: { _id: string; imageurl?: string[] }[] };
  const cafe = cafes?.find((row) => (row.imageurl?.length ?? 0) > 0) ?? cafes?.[0];
  if (!cafe) throw new Error('the cafes list has no row to open');
  return cafe._id;
}

/** The profile of the users list's first user is the detail page audited. */
async function findFirstUserId(baseUrl: string, session: Session): Promise<string> {
  const response = await fetch(`${baseUrl}${USERS_AREA.path}?skip=0&limit=1&status=All`, {
    headers: session.headers,
  });
  if (!response.ok) throw new Error(`the users list answered ${response.status}`);
  const body = (await response.json()) as Record<string, { _id: string }[] | undefined>;
  const first = body[USERS_AREA.rowsKey]?.[0];
  if (!first) throw new Error('the users list has no row to open');
  return first._id;
}

/**
 * PostgreSQL then PGlite, unless skipped; the panel is audited while the last one's server runs,
 * then over HTTPS on the same data set.
 */
async function benchEngines(
  options: Options,
  facts: RunFacts,
  auditPanel: (server: ApiServer, session: Session) => Promise<void>,
  auditPanelOverTls: (dataset: Dataset) => Promise<void>,
): Promise<void> {
  const engines = (['postgres', 'pglite'] as const).filter((engine) => !options.skip.has(engine));
  for (const engine of engines) {
    const name = engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
    log(`${name}, ${options.users[engine].toLocaleString('en')} users`);
    let dataset: Dataset;
    try {
      dataset =
        engine === 'postgres'
          ? await ensurePostgresDataset({
              serverUrl: options.databaseUrl,
              users: options.users.postgres,
              reseed: options.isReseed,
            })
          : await ensurePgliteDataset({ users: options.users.pglite, reseed: options.isReseed });
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      log(`  ${name} skipped: ${problem}`);
      facts.engineProblems.push({ engine: name, problem });
      continue;
    }
    // The panel is audited once, while the last engine's server runs (the embedded one by default).
    const isLast = engine === engines.at(-1);
    const during =
      isLast && !options.skip.has('panel')
        ? async (server: ApiServer, session: Session) => {
            try {
              await auditPanel(server, session);
            } catch (error) {
              facts.panelProblem = error instanceof Error ? error.message : String(error);
            }
          }
        : undefined;
    try {
      const result: EngineResult = await benchEngine(dataset, options.settings, during);
      facts.engines.push(result);
      if (during) {
        try {
          await auditPanelOverTls(dataset);
        } catch (error) {
          facts.panelProblem = error instanceof Error ? error.message : String(error);
        }
      }
      if (engine === 'postgres' && dataset.databaseUrl && !options.skip.has('exports')) {
        log('  Downloads: CSV, XLSX and PDF of the users');
        try {
          facts.exports = await benchExports(dataset.databaseUrl, dataset.users, options.isQuick ? 0.05 : 1);
        } catch (error) {
          facts.exportsProblem = error instanceof Error ? error.message : String(error);
        }
      }
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      log(`  ${name} failed: ${problem}`);
      facts.engineProblems.push({ engine: name, problem });
    }
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  if (process.argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const options = parseOptions(process.argv.slice(2));
  const mode = options.isPanelOnly ? 'panel only' : options.isQuick ? 'quick' : 'full';
  log(`Roam Admin bench (${mode}) on ${os.cpus().length} cores`);

  log('Panel build');
  const build = ensurePanelBuilt();

  const facts: RunFacts = {
    isQuick: options.isQuick,
    engines: [],
    engineProblems: [],
  };
  let lighthouse: LighthouseScores[] | undefined;
  let panelPages: PanelPage[] | undefined;
  const auditPanel = async (server: ApiServer, session: Session, certificate?: TestCertificate) => {
    const over = certificate ? 'HTTPS (HTTP/2)' : 'HTTP/1.1';
    log(`  Lighthouse over ${over}: sign-in, list, profile and item detail pages`);
    panelPages ??= [
      PANEL_PAGES.signIn,
      PANEL_PAGES.list,
      detailPageOf(await findFirstUserId(server.url, session)),
      itemPageOf(await findCafeWithPhotos(server.url, session)),
    ];
    const scores = await runLighthouse({
      baseUrl: server.url,
      pages: panelPages,
      tokens: session.tokens,
      runs: options.lighthouseRuns,
      certificate,
    });
    lighthouse = [...(lighthouse ?? []), ...scores];
  };
  /**
   * The panel once more, served over HTTPS as a deployment serves it (TLS_CERT, TLS_KEY): HTTP/2,
   * where a page's twenty files share one warm connection instead of six opened one by one. The
   * same data set, after its plain server has stopped (the embedded database takes one process).
   */
  const auditPanelOverTls = async (dataset: Dataset) => {
    const certificate = await createTestCertificate();
    const server = await startApiServer(dataset, { certificate });
    try {
      await auditPanel(server, await signIn(server.url, certificate), certificate);
    } finally {
      await server.stop();
    }
  };

  if (options.isPanelOnly) {
    log(`Panel alone: PGlite, ${PANEL_ONLY_USERS.toLocaleString('en')} users`);
    try {
      const dataset = await ensurePgliteDataset({ users: PANEL_ONLY_USERS, reseed: options.isReseed });
      const server = await startApiServer(dataset);
      try {
        await auditPanel(server, await signIn(server.url));
      } finally {
        await server.stop();
      }
      await auditPanelOverTls(dataset);
    } catch (error) {
      facts.panelProblem = error instanceof Error ? error.message : String(error);
    }
  } else {
    facts.hello = await measureHello(options.settings);
    await benchEngines(options, facts, auditPanel, auditPanelOverTls);
  }

  if (!options.skip.has('postgres') && facts.engines.some((engine) => engine.engine === 'postgres')) {
    const users = options.users.postgres / 10;
    log(`PostgreSQL, ${users.toLocaleString('en')} users: the users list's calls, for the scale table`);
    try {
      const dataset = await ensurePostgresDataset({
        serverUrl: options.databaseUrl,
        users,
        reseed: options.isReseed,
      });
      facts.scale = { users, runs: await measureUsersScale(dataset, options.settings) };
    } catch (error) {
      facts.scaleProblem = error instanceof Error ? error.message : String(error);
    }
  }

  if (!options.skip.has('panel')) {
    facts.lighthouse = lighthouse;
    try {
      facts.bundle = measureBundle();
    } catch (error) {
      facts.panelProblem = error instanceof Error ? error.message : String(error);
    }
  }

  const table = buildTable(facts);
  const durationSeconds = Math.round((performance.now() - started) / 1000);
  const areas = [...new Set(facts.engines.flatMap((engine) => engine.scenarios.map((s) => s.path)))];
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · load average ${loadAverage} at the end`;
  const heading = options.isPanelOnly
    ? [
        `Roam Admin bench (${mode}) · ${new Date().toISOString()} · ${machine} · Node ${process.version} · ${durationSeconds} s`,
        `The panel alone: served by the API on an embedded (PGlite) data set of ${PANEL_ONLY_USERS.toLocaleString('en')} users; no list calls measured. Lighthouse times CPU work on this machine, so a loaded machine lowers its scores: compare runs made under a like load.`,
      ]
    : [
        `Roam Admin bench (${mode}) · ${new Date().toISOString()} · ${machine} · Node ${process.version} · ${durationSeconds} s`,
        options.isQuick
          ? `Quick run: smaller data (PostgreSQL ${options.users.postgres.toLocaleString('en')} users, PGlite ${options.users.pglite.toLocaleString('en')}), about 1 s per run; the targets are set for 1,000,000 and 100,000 users.`
          : 'Full run: PostgreSQL with 1,000,000 users, PGlite with 100,000; about 5 s per run.',
        `Lists measured: ${areas.join(', ') || 'none'}. Each run sends a fixed number of requests after a warm-up and awaits every answer; latencies in ms as the client saw them.`,
        '"SQL" is the very statements the API ran for that call (captured from the server), sent straight to the database in the same order and overlap with the same number of requests; ratio = API requests/s ÷ SQL requests/s.',
      ];
  process.stdout.write(`${heading.join('\n')}\n\n${renderTable(table)}\n`);

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    mode,
    durationSeconds,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: options.settings,
    users: options.users,
    panelBuild: build,
    table,
    facts,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  log(`\nWritten ${path.relative(process.cwd(), RESULTS_FILE)} in ${durationSeconds} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
