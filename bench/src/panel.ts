import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { STORAGE_KEYS } from '@roam/contract/auth';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
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

function listJavascriptFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file));
}

export type BundleSizes = {
  /** gzip bytes of every JavaScript file of the build. */
  totalGzip: number;
  totalFiles: number;
  /** gzip bytes of the JavaScript the sign-in page loads, and how it was found. */
  signInGzip: number;
  signInFiles: string[];
  signInSource: 'browser' | 'index.html';
};

/**
 * JavaScript sizes from the Vite build, gzip at the default level (what a server sends). The
 * sign-in page's share is the scripts Chromium fetched while loading it (from Lighthouse's network
 * log) when known, else the entry and the modulepreloads index.html names (a lower bound).
 */
export function measureBundle(scriptUrls: readonly string[] | undefined): BundleSizes {
  const all = listJavascriptFiles(WEB_DIST);
  const fromBrowser = (scriptUrls ?? [])
    .map((url) => path.join(WEB_DIST, new URL(url).pathname))
    .filter((file) => file.endsWith('.js') && existsSync(file));
  const fromIndex = [
    ...readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8').matchAll(/(?:src|href)="(\/[^"]+\.js)"/g),
  ].map((match) => path.join(WEB_DIST, match[1]!));
  const signIn = fromBrowser.length > 0 ? [...new Set(fromBrowser)] : fromIndex;
  return {
    totalGzip: all.reduce((sum, file) => sum + measureGzip(file), 0),
    totalFiles: all.length,
    signInGzip: signIn.reduce((sum, file) => sum + measureGzip(file), 0),
    signInFiles: signIn.map((file) => path.relative(WEB_DIST, file)),
    signInSource: fromBrowser.length > 0 ? 'browser' : 'index.html',
  };
}

export type LighthouseScores = {
  url: string;
  performance?: number;
  accessibility?: number;
  /** First contentful and largest contentful paint, total blocking time (simulated, ms). */
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  scriptUrls?: string[];
  /** Bytes the scripts took on the wire (compressed or not, as the server sent them). */
  scriptTransferBytes?: number;
  /** Where the whole Lighthouse report was written. */
  reportFile?: string;
  /** Why there is no score, when there is none. */
  problem?: string;
};

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

async function runAudit(
  browser: Browser,
  url: string,
  reportName: string,
  prepare?: (page: Page) => Promise<void>,
) {
  const page = await browser.newPage();
  try {
    if (prepare) await prepare(page);
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // The list page needs the session prepared above; the cache is emptied by hand instead.
        disableStorageReset: Boolean(prepare),
      },
      undefined,
      page,
    );
    if (!result) return { url, problem: 'Lighthouse returned no result' };
    const { lhr } = result;
    if (lhr.runtimeError) return { url, problem: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const score = (key: string) => {
      const value = lhr.categories[key]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : undefined;
    };
    const numeric = (key: string) => lhr.audits[key]?.numericValue;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === 'Script');
    const finalUrl = lhr.finalDisplayedUrl;
    const reportFile = path.join(REPORT_DIR, `lighthouse-${reportName}.json`);
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(reportFile, JSON.stringify(lhr));
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      scriptUrls: scripts.map((item) => item.url),
      scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      reportFile: path.relative(ROOT, reportFile),
      problem: new URL(finalUrl).pathname === new URL(url).pathname ? undefined : `ended at ${finalUrl}`,
    } satisfies LighthouseScores;
  } finally {
    await page.close();
  }
}

/**
 * Lighthouse (its default: mobile, simulated slow 4G and 4x CPU slowdown) on the sign-in page and
 * on a list page signed in, driving Debian's Chromium. A run that cannot happen says why.
 */
export async function runLighthouse(options: {
  baseUrl: string;
  listPath: string;
  tokens: { access_token: string; refresh_token: string; expires_in: number };
}): Promise<{ signIn: LighthouseScores; list: LighthouseScores }> {
  const signInUrl = `${options.baseUrl}/`;
  const listUrl = `${options.baseUrl}${options.listPath}`;
  let browser: Browser;
  try {
    browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  } catch (error) {
    const problem = `Chromium did not start: ${error instanceof Error ? error.message.split('\n')[0] : error}`;
    return { signIn: { url: signInUrl, problem }, list: { url: listUrl, problem } };
  }
  const runGuarded = async (url: string, run: () => Promise<LighthouseScores>): Promise<LighthouseScores> => {
    try {
      return await run();
    } catch (error) {
      return {
        url,
        problem: `Lighthouse failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      };
    }
  };
  try {
    const signIn = await runGuarded(signInUrl, () => runAudit(browser, signInUrl, 'sign-in'));
    const list = await runGuarded(listUrl, () =>
      runAudit(browser, listUrl, 'list', async (page) => {
        await page.goto(signInUrl);
        await page.evaluate(
          (keys, tokens) => {
            localStorage.setItem(keys.token, tokens.access_token);
            localStorage.setItem(keys.refresh, tokens.refresh_token);
            localStorage.setItem(keys.expiresIn, String(tokens.expires_in));
          },
          STORAGE_KEYS,
          options.tokens,
        );
        const session = await page.createCDPSession();
        await session.send('Network.clearBrowserCache');
        await session.detach();
      }),
    );
    return { signIn, list };
  } finally {
    await browser.close();
  }
}
