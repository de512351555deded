import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { STORAGE_KEYS, type TokenResponse } from '@roam/contract/auth';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Which of the global setup's servers this test file uses: its worker's (VITEST_POOL_ID counts the
 * workers from 1), so that files running at the same time never share one.
 */
export function serverIndex(): number {
  return (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % inject('baseUrls').length;
}

export const baseUrl = () => inject('baseUrls')[serverIndex()]!;

/** Console and page messages that tell of a Content-Security-Policy violation, per page. */
const cspViolations = new WeakMap<Page, string[]>();
const CSP_MESSAGE = /Content Security Policy|Refused to/i;

/** The system's colour scheme a page is opened with (the panel follows it until told otherwise). */
export type ColorScheme = 'light' | 'dark';

/**
 * A fresh page (own storage) at a given viewport width, its system set to light or dark. Every
 * console message about a Content-Security-Policy violation is recorded, and every violation event
 * too (a blocked `eval` that the code catches logs nothing, but the page still reports it); read
 * them with `getCspViolations(page)`.
 */
export async function newPage(
  browser: Browser,
  width = 1280,
  height = 800,
  colorScheme: ColorScheme = 'light',
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl(), colorScheme });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} (${event.blockedURI})`);
    });
  });
  const page = await context.newPage();
  const violations: string[] = [];
  cspViolations.set(page, violations);
  page.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (CSP_MESSAGE.test(error.message)) violations.push(`${page.url()}: ${error.message}`);
  });
  return page;
}

/** The CSP violations the page reported so far. */
export function getCspViolations(page: Page): string[] {
  return [...(cspViolations.get(page) ?? [])];
}

/** Fails when the page reported any Content-Security-Policy violation. */
export function expectNoCspViolations(page: Page): void {
  expect(getCspViolations(page)).toEqual([]);
}

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Saves a screenshot under e2e/screenshots (not committed) for a person to look at: the full page
 * by default, or only the viewport (for fixed overlays such as the navigation drawer). Transitions
 * are finished first, so nothing is caught mid-animation.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/** The sign-in form's fields (labels carry a required asterisk, so match the start). */
export function loginForm(page: Page) {
  return {
    heading: page.getByRole('heading', { name: 'Admin Login' }),
    email: page.getByLabel(/^Email/),
    password: page.getByLabel(/^Password/),
    submit: page.getByRole('button', { name: 'Sign In' }),
  };
}

/** Fills and submits the sign-in form on / (without waiting for the outcome). */
export async function submitLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  const form = loginForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
}

export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  await submitLogin(page, account);
  await page.waitForURL('**/analytics');
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
}

/**
 * Signs in through the API, as the sign-in page does, and keeps the tokens where the panel keeps
 * them, without loading the panel: for a test about another screen, which it opens next. The sign-in
 * screen itself is driven by `signInAs` (and its own tests).
 */
export async function signInByApi(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await fetch(new URL('/auth/signin', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(response.status, 'POST /auth/signin').toBe(200);
  const tokens = (await response.json()) as TokenResponse;
  // Any file of the panel's origin will do to reach its local storage; this one is small and static.
  await page.goto('/first-paint.js');
  await page.evaluate(
    ([keys, { access_token, refresh_token, expires_in }]) => {
      localStorage.setItem(keys.token, access_token);
      localStorage.setItem(keys.refresh, refresh_token);
      localStorage.setItem(keys.expiresIn, String(expires_in));
    },
    [STORAGE_KEYS, tokens] as const,
  );
}

/** The page's path, without origin and query. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page is at this path (client-side navigations included). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

export function localStorageLength(page: Page): Promise<number> {
  return page.evaluate(() => localStorage.length);
}

/** The access token the panel keeps in local storage. */
export async function getStoredToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  expect(token, 'an access token in local storage').toBeTruthy();
  return token!;
}

/** GET a JSON API path with the page's own token, straight from the test (not through the page). */
export async function apiGet<T>(page: Page, apiPath: string): Promise<T> {
  const response = await fetch(new URL(apiPath, baseUrl()), {
    headers: { authorization: `Bearer ${await getStoredToken(page)}` },
  });
  expect(response.status, `GET ${apiPath}`).toBe(200);
  return (await response.json()) as T;
}

/** A toast (Mantine notification, role alert) showing this text. */
export function toast(page: Page, message: string): Locator {
  return page.getByRole('alert').filter({ hasText: message });
}

/** Waits for a toast with this text and returns its level (success, info or error). */
export async function waitForToast(page: Page, message: string): Promise<string | null> {
  const found = toast(page, message).first();
  await found.waitFor();
  return found.evaluate((element) => element.closest('[data-level]')?.getAttribute('data-level') ?? null);
}

/** Waits until an image has loaded and returns its natural width. */
export async function loadedImageWidth(image: Locator): Promise<number> {
  await image.waitFor();
  await image.evaluate(
    (element) =>
      new Promise<void>((resolve, reject) => {
        const img = element as HTMLImageElement;
        if (img.complete) {
          resolve();
          return;
        }
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => reject(new Error(`image failed: ${img.src}`)), { once: true });
      }),
  );
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

/** The text of the elements named by a field's aria-describedby (its error or hint). */
export function describedBy(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * One browser per test file; each test opens its page with the returned function, and after the
 * test the page is checked for Content-Security-Policy violations and closed.
 */
export function usePages(): (width?: number, height?: number, colorScheme?: ColorScheme) => Promise<Page> {
  let browser: Browser | undefined;
  let current: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const page = current;
    current = undefined;
    if (!page) return;
    try {
      expectNoCspViolations(page);
    } finally {
      await page.context().close();
    }
  });
  return async (width, height, colorScheme) => {
    current = await newPage(browser!, width, height, colorScheme);
    return current;
  };
}

/**
 * Lets opening and closing popups, tabs and the navigation finish their transitions. Endless
 * animations (a loader) are not waited for, and a cancelled one (it rejects) counts as finished.
 */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * axe's serious and critical violations on the page (or inside `include`, a CSS selector), once
 * its transitions are over, each with what failed.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await finishAnimations(page);
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id}: ${node.target.join(' ')} (${node.any[0]?.message ?? violation.help})`,
      ),
    );
}
