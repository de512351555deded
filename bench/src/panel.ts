import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { STORAGE_KEYS } from '@roam/contract/auth';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { TestCertificate } from '../../apps/api/src/test-support/certificate';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/src/chromium';
import { log } from './shared';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_DIR = path.join(ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
const REPORT_DIR = path.join(ROOT, 'bench/results');

function findNewestModification(target: string): number {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, findNewestModification(path.join(target, entry))),
    0,
  );
}

/** Builds the panel as `npm start` does: when it is missing or older than its sources. */
export function ensurePanelBuilt(): { isBuiltNow: boolean; buildSeconds?: number } {
  const builtIndex = path.join(WEB_DIST, 'index.html');
  const sources = [
    path.join(WEB_DIR, 'src'),
    path.join(WEB_DIR, 'index.html'),
    path.join(ROOT, 'packages/contract/src'),
  ];
  const isStale =
    !existsSync(builtIndex) ||
    sources.some((source) => findNewestModification(source) > statSync(builtIndex).mtimeMs);
  if (!isStale) return { isBuiltNow: false };
  log('  building the panel (vite build)');
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@roam/web'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the panel did not build:\n${build.stdout}\n${build.stderr}`);
  return { isBuiltNow: true, buildSeconds: (performance.now() - started) / 1000 };
}

const measureGzip = (file: string) => gzipSync(readFileSync(file)).length;

function listBuiltFiles(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(extension))
    .map((file) => path.join(dir, file));
}

/** Bytes of a set of built files: as written, and gzip at the default level (what a server sends). */
export type FileSizes = { bytes: number; gzip: number; files: string[] };

function measureFiles(files: readonly string[]): FileSizes {
  const unique = [...new Set(files)];
  return {
    bytes: unique.reduce((sum, file) => sum + statSync(file).size, 0),
    gzip: unique.reduce((sum, file) => sum + measureGzip(file), 0),
    files: unique.map((file) => path.relative(WEB_DIST, file)),
  };
}

/** The built files behind the URLs a page fetched (those of the build; others are left out). */
function measureFetched(urls: readonly string[], extension: string): FileSizes {
  return measureFiles(
    urls
      .map((url) => path.join(WEB_DIST, new URL(url).pathname))
      .filter((file) => file.endsWith(extension) && existsSync(file)),
  );
}

export type BundleSizes = {
  /** Every JavaScript and CSS file of the build. */
  allJavascript: FileSizes;
  allCss: FileSizes;
  /**
   * What the entry alone needs: index.html's script, its modulepreloads and stylesheets, the
   * start's among them; not the signed-in shell's files, which only a signed-in page asks for.
   */
  entryJavascript: FileSizes;
  entryCss: FileSizes;
};

/** JavaScript and CSS sizes of the Vite build as a whole and of its entry (index.html). */
export function measureBundle(): BundleSizes {
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8').replace(
    /<template id="shell-files">[\s\S]*?<\/template>/,
    '',
  );
  const named = (extension: string) =>
    [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)]
      .map((match) => path.join(WEB_DIST, match[1]!))
      .filter((file) => file.endsWith(extension) && existsSync(file));
  return {
    allJavascript: measureFiles(listBuiltFiles(WEB_DIST, '.js')),
    allCss: measureFiles(listBuiltFiles(WEB_DIST, '.css')),
    entryJavascript: measureFiles(named('.js')),
    entryCss: measureFiles(named('.css')),
  };
}

/** A page the bench audits: the sign-in page, or a signed-in one. */
export type PanelPage = {
  key: 'signIn' | 'list' | 'detail' | 'itemDetail';
  label: string;
  path: string;
  isSignedIn: boolean;
};

export type LighthouseScores = {
  page: PanelPage;
  url: string;
  /** The protocol the page's document came over, as Chromium named it ('h2', 'http/1.1'). */
  protocol?: string;
  performance?: number;
  accessibility?: number;
  /** First contentful and largest contentful paint, total blocking time (simulated, ms). */
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  /** The built JavaScript and CSS files Chromium fetched for the page, measured from the build. */
  javascript?: FileSizes;
  css?: FileSizes;
  /** Bytes the scripts took on the wire (compressed or not, as the server sent them). */
  scriptTransferBytes?: number;
  /**
   * The requests that had ended when the page's largest paint was seen (the run Lighthouse
   * observed, unthrottled), and their bytes on the wire. Its simulated LCP replays these on the
   * slow connection: what ended before that paint counts against it, even a file the paint did
   * not need.
   */
  beforeLargestPaint?: { requests: number; transferBytes: number };
  /** Where the whole Lighthouse report was written. */
  reportFile?: string;
  /** The machine's one-minute load average when the audit began (its CPU timings grow with it). */
  loadAverage?: number;
  /**
   * Lighthouse's measure of this machine's speed (its benchmark index: higher is faster). Its
   * simulated timings scale what it observed here, so two machines' scores compare only beside it.
   */
  benchmarkIndex?: number;
  /** Why there is no score, when there is none. */
  problem?: string;
  /** Every run's performance score, the reported one being the median run's. */
  runScores?: number[];
  /** Why each run without a score had none (the median is of the others). */
  unscoredRuns?: string[];
};

/** One audit's figures and its whole report (JSON), written only for the run that is reported. */
type AuditRun = LighthouseScores & { report?: string };

type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkEndTime?: number;
  protocol?: string;
};
/** Lighthouse's list of the page's requests: their times are milliseconds from `networkStartTimeTs`. */
type NetworkDetails = { items?: NetworkItem[]; debugData?: { networkStartTimeTs?: number } };

/** The requests that ended before the observed largest paint (see `beforeLargestPaint`). */
function requestsBeforeLargestPaint(
  network: NetworkDetails | undefined,
  metrics: unknown,
): LighthouseScores['beforeLargestPaint'] {
  const start = network?.debugData?.networkStartTimeTs;
  const paint = (metrics as { items?: { observedLargestContentfulPaintTs?: number }[] } | undefined)
    ?.items?.[0]?.observedLargestContentfulPaintTs;
  if (start === undefined || paint === undefined) return undefined;
  // Microseconds, as the trace's timestamps.
  const ended = (network?.items ?? []).filter(
    (item) => item.networkEndTime !== undefined && start + item.networkEndTime * 1000 <= paint,
  );
  return {
    requests: ended.length,
    transferBytes: ended.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

async function runAudit(
  browser: Browser,
  page: PanelPage,
  url: string,
  prepare?: (tab: Page) => Promise<void>,
): Promise<AuditRun> {
  const tab = await browser.newPage();
  try {
    if (prepare) await prepare(tab);
    const loadAverage = os.loadavg()[0];
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // A signed-in page needs the session prepared above; the cache is emptied by hand instead.
        disableStorageReset: Boolean(prepare),
      },
      undefined,
      tab,
    );
    if (!result) return { page, url, problem: 'Lighthouse returned no result' };
    const { lhr } = result;
    if (lhr.runtimeError)
      return { page, url, problem: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const score = (key: string) => {
      const value = lhr.categories[key]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : undefined;
    };
    const numeric = (key: string) => lhr.audits[key]?.numericValue;
    const network = lhr.audits['network-requests']?.details as NetworkDetails | undefined;
    const requests = network?.items ?? [];
    const fetched = (type: string) => requests.filter((item) => item.resourceType === type);
    const scripts = fetched('Script');
    const finalUrl = lhr.finalDisplayedUrl;
    const protocol = requests.find((item) => item.resourceType === 'Document')?.protocol;
    const reportFile = path.join(REPORT_DIR, `lighthouse-${page.key}${protocol === 'h2' ? '-h2' : ''}.json`);
    return {
      report: JSON.stringify(lhr),
      page,
      url,
      protocol,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      javascript: measureFetched(
        scripts.map((item) => item.url),
        '.js',
      ),
      css: measureFetched(
        fetched('Stylesheet').map((item) => item.url),
        '.css',
      ),
      scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      beforeLargestPaint: requestsBeforeLargestPaint(network, lhr.audits.metrics?.details),
      reportFile: path.relative(ROOT, reportFile),
      loadAverage,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      problem: new URL(finalUrl).pathname === new URL(url).pathname ? undefined : `ended at ${finalUrl}`,
    };
  } finally {
    await tab.close();
  }
}

/**
 * The run with the median performance score, and every run's score beside it: a single audit's
 * simulated timings move with whatever else the machine is doing, so one run is a poor figure.
 * Only that run's report is written.
 */
function medianRun(runs: readonly AuditRun[]): LighthouseScores {
  const scored = runs.filter((run) => run.performance !== undefined);
  if (scored.length === 0) return withoutReport(runs[runs.length - 1]!);
  const ordered = [...scored].sort((a, b) => a.performance! - b.performance!);
  const median = ordered[Math.floor((ordered.length - 1) / 2)]!;
  if (median.report && median.reportFile) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(ROOT, median.reportFile), median.report);
  }
  const unscored = runs.filter((run) => run.performance === undefined);
  return {
    ...withoutReport(median),
    runScores: scored.map((run) => run.performance!),
    unscoredRuns: unscored.length > 0 ? unscored.map((run) => run.problem ?? 'no score') : undefined,
  };
}

function withoutReport({ report: _report, ...scores }: AuditRun): LighthouseScores {
  return scores;
}

/**
 * Lighthouse (its default: mobile, simulated slow 4G and 4x CPU slowdown) on each page, the
 * signed-in ones with the session in local storage, driving Debian's Chromium. A run that cannot
 * happen says why.
 */
export async function runLighthouse(options: {
  baseUrl: string;
  pages: readonly PanelPage[];
  tokens: { access_token: string; refresh_token: string; expires_in: number };
  /** Audits per page; the run with the median performance score is reported (its report kept). */
  runs: number;
  /** The certificate an HTTPS server was given: Chromium trusts its key, and nothing else more. */
  certificate?: TestCertificate;
}): Promise<LighthouseScores[]> {
  const urlOf = (page: PanelPage) => `${options.baseUrl}${page.path}`;
  const args = options.certificate
    ? [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${options.certificate.spkiHash}`]
    : CHROMIUM_ARGS;
  let browser: Browser;
  try {
    browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
  } catch (error) {
    const problem = `Chromium did not start: ${error instanceof Error ? error.message.split('\n')[0] : error}`;
    return options.pages.map((page) => ({ page, url: urlOf(page), problem }));
  }
  const signInSession = async (tab: Page) => {
    // Until the network is idle: the sign-in page asks for the panel's scripts after its first
    // paint, and one arriving after the cache is emptied below would be a cached file for the audit.
    await tab.goto(`${options.baseUrl}/`, { waitUntil: 'networkidle0' });
    await tab.evaluate(
      (keys, tokens) => {
        localStorage.setItem(keys.token, tokens.access_token);
        localStorage.setItem(keys.refresh, tokens.refresh_token);
        localStorage.setItem(keys.expiresIn, String(tokens.expires_in));
      },
      STORAGE_KEYS,
      options.tokens,
    );
    const session = await tab.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.detach();
  };
  try {
    const results: LighthouseScores[] = [];
    for (const page of options.pages) {
      const url = urlOf(page);
      try {
        const runs: AuditRun[] = [];
        for (let run = 0; run < options.runs; run += 1) {
          runs.push(await runAudit(browser, page, url, page.isSignedIn ? signInSession : undefined));
        }
        results.push(medianRun(runs));
      } catch (error) {
        results.push({
          page,
          url,
          problem: `Lighthouse failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
        });
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}
