import type { AnalyticsCounts } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import {
  apiGet,
  describedBy,
  expectNoCspViolations,
  localStorageLength,
  loginForm,
  pathOf,
  screenshot,
  signInAs,
  submitLogin,
  usePages,
  waitForPath,
} from './browser';

let page: Page;

/**
 * Who asked for each /admin call the page makes, by the DevTools protocol's initiator: the page's
 * own inline script (its document's path) or one of the panel's files (its path).
 */
async function watchInitiators(page: Page): Promise<Map<string, string[]>> {
  const initiators = new Map<string, string[]>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith('/admin/')) return;
    const frame = initiator.stack?.callFrames[0]?.url ?? 'about:blank';
    initiators.set(pathname, [...(initiators.get(pathname) ?? []), new URL(frame).pathname]);
  });
  return initiators;
}
const openPage = usePages();

/** The dashboard's counters in the order the page shows them, with the API key each one shows. */
const COUNTERS: readonly [string, keyof AnalyticsCounts][] = [
  ['Users', 'usercount'],
  ['Shops', 'shopcount'],
  ['Rentals', 'rentalscount'],
  ['Jobs', 'jobscount'],
  ['Groups', 'groupcount'],
  ['Cities', 'citycount'],
  ['Cafes', 'cafecount'],
];

describe('sign-in page', () => {
  it('shows the login card and asks for both fields', async () => {
    page = await openPage();
    await page.goto('/');
    const form = loginForm(page);
    await form.heading.waitFor();
    expect(await page.getByText('Login to your account').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await screenshot(page, 'sign-in-empty');

    await form.submit.click();
    await page.getByText(MESSAGES.required).nth(1).waitFor();
    expect(await page.getByText(MESSAGES.required).count()).toBe(2);
    // Each message is tied to its field, so a screen reader reads it with the field.
    expect(await describedBy(form.email)).toBe(MESSAGES.required);
    expect(await describedBy(form.password)).toBe(MESSAGES.required);
    expect(await form.email.getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/');
    await screenshot(page, 'sign-in-required');
  });

  it("rejects an email that doesn't look like one", async () => {
    page = await openPage();
    await submitLogin(page, { email: 'not-an-email', password: 'whatever' });
    await page.getByText(MESSAGES.emailInvalid).waitFor();
    expect(await page.getByText(MESSAGES.required).count()).toBe(0);
    await screenshot(page, 'sign-in-bad-email');
  });

  it('says the email or password is incorrect for a wrong password', async () => {
    page = await openPage();
    await submitLogin(page, { email: E2E_ACCOUNTS.admin.email, password: 'Wrong@2026' });
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.loginFailed });
    await alert.waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await localStorageLength(page)).toBe(0);
    await screenshot(page, 'sign-in-wrong-password');
  });

  it("refuses an ordinary user with 'You are not Admin' and clears local storage", async () => {
    page = await openPage();
    await submitLogin(page, E2E_ACCOUNTS.member);
    await page.getByRole('alert').filter({ hasText: MESSAGES.notAdmin }).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await localStorageLength(page)).toBe(0);
    await screenshot(page, 'sign-in-not-admin');
  });

  it('signs an admin in to the dashboard, whose counters match the API', async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    expect(pathOf(page)).toBe('/analytics');

    const counts = await apiGet<AnalyticsCounts>(page, '/admin/analytics/allcount?access_type=analytics');
    for (const [label, key] of COUNTERS) {
      // A counter is its label, its value (replacing a loading placeholder) and what it leaves out.
      const card = page.getByRole('main').getByText(label, { exact: true }).locator('..');
      const expected = new Intl.NumberFormat('en-US').format(counts[key]);
      await expect
        .poll(() => card.textContent(), { timeout: 10_000 })
        .toBe(`${label}${expected}not counting deleted`);
      expect(counts[key], `${key} is a count`).toBeGreaterThanOrEqual(0);
    }
    // The demo data has users, so the first counter is not zero.
    expect(counts.usercount).toBeGreaterThan(0);
    await screenshot(page, 'analytics');

    // Signed in, the login page is skipped.
    await page.goto('/');
    await waitForPath(page, '/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  });

  it("sends zod without its JSON Schema conversion, which the panel never uses (the build's stubs)", async () => {
    page = await openPage();
    const scripts: Promise<string>[] = [];
    const collect = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    };
    page.on('response', collect);
    await signInAs(page, E2E_ACCOUNTS.admin);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    // Scripts that come later (the page's idle loads) are not read: their text, asked for as the
    // page closes, would fail outside the test.
    page.off('response', collect);
    const texts = await Promise.all(scripts);
    // zod came (its error class), and the page's schemas and the router's search worked with it.
    expect(texts.some((text) => text.includes('ZodError'))).toBe(true);
    // The conversion's own text (the JSON Schema drafts it names) did not.
    expect(texts.filter((text) => text.includes('json-schema.org/draft'))).toEqual([]);
  });

  it("adds the stylesheets that come with later code at the end of the page, after the kit's style elements", async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    await page.goto('/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // The popups' kit comes once the list has painted, with its stylesheets (the modal's among them).
    await page.locator('link[rel="stylesheet"][href*="/assets/Modal-"]').waitFor({ state: 'attached' });
    const sheets = await page.evaluate(() => {
      const kitStyles = Array.from(document.querySelectorAll('style[data-mantine-styles]'));
      return Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((link) => ({
        file: new URL((link as HTMLLinkElement).href).pathname.replace(/-[\w-]{8}\.css$/, '.css'),
        inBody: link.parentElement === document.body,
        afterKitStyles: kitStyles.every(
          (style) => (style.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
        ),
      }));
    });
    expect(await page.locator('#root style[data-mantine-styles]').count()).toBeGreaterThan(0);
    // The entry's stays in the head; every other follows everything else, the shell's too (the page's
    // first script only preloads it, and its code's loading adds it).
    const later = sheets.filter((sheet) => sheet.inBody);
    expect(later.map((sheet) => sheet.file)).toEqual(
      expect.arrayContaining(['/assets/Modal.css', '/assets/app-layout.css']),
    );
    expect(later.every((sheet) => sheet.afterKitStyles)).toBe(true);
    expect(sheets.filter((sheet) => !sheet.inBody).map((sheet) => sheet.file)).toEqual(['/assets/index.css']);
    expectNoCspViolations(page);
  });

  it("paints before the panel's scripts run, and the panel's own form then takes its place", async () => {
    page = await openPage();
    // The scripts held back: what shows is the prerendered page (first HTML and stylesheet only).
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Not to DOMContentLoaded: that waits for the held module scripts.
    await page.goto('/', { waitUntil: 'commit' });
    const snapshot = page.locator('[data-prerender]');
    await snapshot.getByText('Admin Login').waitFor();
    expect(await snapshot.getByText('Login to your account').isVisible()).toBe(true);
    expect(await snapshot.locator('input[type="email"]').getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'sign-in-prerendered');

    releaseScripts();
    await loginForm(page).heading.waitFor();
    await snapshot.waitFor({ state: 'detached' });
    await signInAs(page, E2E_ACCOUNTS.admin);
    expectNoCspViolations(page);
  });

  it("asks for the panel's files only once the sign-in page's first paint is on the screen", async () => {
    page = await openPage();
    await page.goto('/');
    // The panel's own form (the prerendered one is hidden from the accessibility tree): its files
    // have arrived and run.
    await loginForm(page).submit.waitFor();
    const { paint, requests } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      requests: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(framework|ui|common)-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(paint).toBeDefined();
    expect(requests).toHaveLength(3);
    for (const requested of requests) expect(requested).toBeGreaterThanOrEqual(paint!);
  });

  it('keeps the prerendered sign-in page hidden from a browser that holds a session', async () => {
    page = await openPage();
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    await page.evaluate(() => localStorage.setItem('token', 'a-token'));
    await page.reload({ waitUntil: 'load' });
    const snapshot = page.locator('[data-prerender]');
    expect(await snapshot.count()).toBe(1);
    expect(await snapshot.isVisible()).toBe(false);
  });

  it("loads a signed-in admin's list page with /admin/me and its first page asked for once by the page's first script, and the shell's and the list's files before the panel runs", async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    const asked: string[] = [];
    const files: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      files.push(pathname);
      if (
        pathname === '/admin/me' ||
        pathname === '/admin/users' ||
        /\/assets\/(app-layout|framework)-/.test(pathname)
      )
        asked.push(pathname.replace(/-[\w-]{8}\.(js|css)$/, '.$1'));
    });
    const initiators = await watchInitiators(page);
    await page.goto('/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // The admin's row: a card shows the email, the wide screen's table (once its code is here) the
    // username.
    const { email, username } = E2E_ACCOUNTS.admin;
    await page
      .getByText(email)
      .or(page.getByText(username, { exact: true }))
      .first()
      .waitFor();
    // The page's first script asks for the admin before the framework's file is even asked for,
    // and for the list's first page once the start's files have arrived; the panel takes both
    // answers instead of asking again. The shell's files (app-layout's chunk and styles) and the
    // list's own are added by that script too (the build's templates).
    expect(initiators.get('/admin/me')).toEqual(['/user']);
    expect(initiators.get('/admin/users')).toEqual(['/user']);
    expect(asked.filter((path) => path === '/admin/me')).toHaveLength(1);
    expect(asked.filter((path) => path === '/admin/users')).toHaveLength(1);
    expect(asked.indexOf('/admin/me')).toBeLessThan(asked.indexOf('/assets/framework.js'));
    expect(asked.indexOf('/assets/app-layout.js')).toBeGreaterThan(asked.indexOf('/assets/framework.js'));
    expect(asked.indexOf('/assets/app-layout.css')).toBeGreaterThan(-1);
    // The list's files as the build names them in the page, each in the page's head and asked once.
    const html = await (await page.request.get('/user')).text();
    const template = html.match(/<template data-page="\/user"[^>]*>(.*?)<\/template>/)?.[1] ?? '';
    // The users list shows no amount: its first script prepares no number format.
    expect(html).toMatch(/<template data-page="\/user" [^>]*>/);
    expect(html).not.toMatch(/<template data-page="\/user" [^>]*data-amounts/);
    const listFiles = [...template.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    // The users list's own code; the list screen's is in the shell's file.
    expect(listFiles.map((file) => file.replace(/-[\w-]{8}\.js$/, '.js'))).toEqual(['/assets/user-list.js']);
    for (const file of listFiles) {
      expect(await page.locator(`head link[href="${file}"]`).count()).toBe(1);
      expect(files.filter((path) => path === file)).toHaveLength(1);
    }
    // No file the page loaded only re-exports another (the bundler's facades, left out of the
    // build): each would be one more round trip before the page's first paint.
    const scripts = [...new Set(files.filter((path) => /^\/assets\/.*\.js$/.test(path)))];
    expect(scripts.length).toBeGreaterThan(4);
    for (const script of scripts) {
      const code = await (await page.request.get(script)).text();
      expect(code, script).not.toMatch(/^(import"[^"]+";|export\{[^}]*\}from"[^"]+";)\s*$/);
    }
    expectNoCspViolations(page);
  });

  it("asks for a detail page's item and a user's profile by the page's first script, once, with their files", async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    const { cafes } = await apiGet<{ cafes: { _id: string }[] }>(page, '/admin/cafe?limit=1');
    const cafeId = cafes[0]!._id;
    for (const [pagePath, call] of [
      [`/cafedetail/${cafeId}`, `/admin/cafe/${cafeId}`],
      ['/userdetail/U0000001', '/admin/users/profile/data'],
    ] as const) {
      const files: string[] = [];
      const onRequest = (request: { url: () => string }) => files.push(new URL(request.url()).pathname);
      page.on('request', onRequest);
      const initiators = await watchInitiators(page);
      await page.goto(pagePath);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      expect(initiators.get(call), pagePath).toEqual([pagePath]);
      const html = await (await page.request.get(pagePath)).text();
      const pageTemplate = html.match(
        new RegExp(`<template data-page="${pagePath.replace(/[^/]+$/, '__id__')}"[^>]*>(.*?)</template>`),
      )?.[1];
      const pageFiles = [...(pageTemplate ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
      // Both show amounts (a cafe's prices, the profile's previews of rentals and jobs): the page's
      // first script prepares a number format while these files download.
      expect(html, pagePath).toMatch(
        new RegExp(`<template data-page="${pagePath.replace(/[^/]+$/, '__id__')}"[^>]* data-amounts>`),
      );
      expect(pageFiles.length, pagePath).toBeGreaterThan(0);
      for (const file of pageFiles)
        expect(
          files.filter((path) => path === file),
          file,
        ).toHaveLength(1);
    }
    expectNoCspViolations(page);
  });

  it('asks early for no list page opened with a search, nor for a page that is not a list', async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/admin/')) asked.push(`${url.pathname}${url.search}`);
    });
    await page.goto('/user?status=INACTIVE');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Only the list's own ask for the filtered page: the default page is never asked for.
    expect(asked.filter((path) => path.startsWith('/admin/users?'))).toEqual([
      expect.stringContaining('status=INACTIVE'),
    ]);
    asked.length = 0;
    await page.goto('/account');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // None of the list requests the page names (one per list page) is asked for elsewhere.
    const html = await (await page.request.get('/account')).text();
    const listRequests = [...html.matchAll(/data-request="([^"]+)"/g)].map((match) =>
      match[1]!.replaceAll('&amp;', '&'),
    );
    expect(listRequests).toContain('/admin/users?skip=0&limit=20&status=All&access_type=userManagement');
    expect(asked.filter((path) => listRequests.includes(path))).toEqual([]);
  });

  it('sends a visitor without a token from a protected page to sign-in', async () => {
    page = await openPage();
    for (const protectedPath of ['/analytics', '/account', '/change-password', '/cities']) {
      await page.goto(protectedPath);
      await waitForPath(page, '/');
      await loginForm(page).heading.waitFor();
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    }
    await screenshot(page, 'protected-redirect');
  });
});
