import { readFileSync, rmSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificate, type TestCertificate } from '../../apps/api/src/test-support/certificate';
import {
  PROCESS_ADMIN,
  startServerProcess,
  stopServerProcesses,
} from '../../apps/api/src/test-support/server-process';
import { screenshot, signInAs, waitForToast } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * The panel served over HTTPS (TLS_CERT, TLS_KEY), as a person reaches a deployment: a server of
 * its own on a small demo data set, a certificate Chromium trusts by its key alone. The page and
 * every file come over HTTP/2, the socket's websocket over TLS (a download's progress and end
 * arrive by it), and the page looks as it does over plain HTTP.
 */
const ADMIN = PROCESS_ADMIN;

let certificate: TestCertificate;
let baseUrl: string;
let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  certificate = await createTestCertificate();
  ({ baseUrl } = await startServerProcess({ certificate, env: { SEED: '40', LOG_LEVEL: 'warn' } }));
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${certificate.spkiHash}`],
    headless: true,
  });
}, 120_000);

afterAll(async () => {
  for (const page of pages) await page.context().close();
  await browser?.close();
  await stopServerProcesses();
  rmSync(certificate.dir, { recursive: true, force: true });
});

async function openPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: baseUrl });
  const page = await context.newPage();
  pages.push(page);
  return page;
}

/**
 * The protocol of the page and of each file and answer it fetched over the network, as Chromium
 * reports them (a file from the browser's cache was not fetched: it has no protocol).
 */
function protocolsOf(page: Page): Promise<{ page: string; fetched: { path: string; protocol: string }[] }> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      page: navigation?.nextHopProtocol ?? '',
      fetched: resources
        .filter((entry) => entry.transferSize > 0)
        .map((entry) => ({ path: new URL(entry.name).pathname, protocol: entry.nextHopProtocol })),
    };
  });
}

describe('over HTTPS', () => {
  it('serves the panel over HTTP/2 and carries the socket: a list, its download by the socket, on a phone and a desk', async () => {
    const page = await openPage(1280);
    await signInAs(page, ADMIN);
    await page.goto('/cafe?status=ACTIVE');
    await page.getByRole('heading', { level: 1, name: 'Cafe' }).waitFor();
    await page.locator('tbody tr.mantine-datatable-row').first().waitFor();

    const protocols = await protocolsOf(page);
    expect(protocols.page).toBe('h2');
    // How many of the panel's files are fetched again depends on what the sign-in page left in the
    // cache; the list's answer never comes from it.
    expect(protocols.fetched.map((entry) => entry.path)).toContain('/admin/cafe');
    expect(new Set(protocols.fetched.map((entry) => entry.protocol))).toEqual(new Set(['h2']));

    // The download's progress and its end come by the socket (a websocket over TLS).
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    // The export runs as a job whose end comes by the socket: on a loaded CI machine it once took
    // longer than Playwright's 30 s default.
    const fileEvent = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const file = await fileEvent;
    expect(await waitForToast(page, 'Download successful')).toBe('success');
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.split('\n')[0]).toContain('Name');
    expect(text.trim().split('\n').length).toBeGreaterThan(1);
    await screenshot(page, 'https-cafe-1280', { fullPage: false });

    const phone = await openPage(375);
    await signInAs(phone, ADMIN);
    await phone.goto('/user');
    await phone.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await phone.getByRole('list', { name: 'Users' }).getByRole('listitem').first().waitFor();
    expect((await protocolsOf(phone)).page).toBe('h2');
    await screenshot(phone, 'https-users-375');
  });
});
