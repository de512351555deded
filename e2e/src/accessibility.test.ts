import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import {
  apiGet,
  type ColorScheme,
  loginForm,
  screenshot,
  seriousViolations,
  signInAs,
  signInByApi,
  usePages,
  waitForPath,
} from './browser';

let page: Page;
const openPage = usePages();

/** The colour scheme the page's <html> is drawn in. */
const drawnScheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

describe.each<ColorScheme>(['light', 'dark'])(
  'accessibility in %s (axe: no serious or critical violations)',
  (scheme) => {
    it('follows the system: the page is drawn in its colour scheme', async () => {
      page = await openPage(1280, 800, scheme);
      await page.goto('/');
      await loginForm(page).heading.waitFor();
      expect(await drawnScheme(page)).toBe(scheme);
    });

    it('on the sign-in page, empty and with errors', async () => {
      page = await openPage(1280, 800, scheme);
      await page.goto('/');
      const form = loginForm(page);
      await form.heading.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await form.submit.click();
      await page.getByText('This field is required').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `sign-in-errors-${scheme}`);
    });

    it('on the forgot-password and reset-password pages', async () => {
      page = await openPage(1280, 800, scheme);
      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/reset-password?mode=resetPassword&oobCode=not-a-code&lang=en');
      await page.getByRole('link', { name: 'Request a new link' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `reset-password-bad-link-${scheme}`);
    });

    it('on the analytics, account and change-password pages', async () => {
      page = await openPage(1280, 800, scheme);
      await signInAs(page, E2E_ACCOUNTS.admin);
      // Counters loaded (no loading placeholders left).
      const lastCounter = page.getByRole('main').getByText('Cafes', { exact: true }).locator('..');
      await expect.poll(() => lastCounter.textContent()).toMatch(/\dnot counting deleted$/);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: `My account: ${E2E_ACCOUNTS.admin.username}` }).click();
      await waitForPath(page, '/account');
      await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('link', { name: 'Change Password' }).click();
      await waitForPath(page, '/change-password');
      await page.getByRole('heading', { level: 1, name: 'Change Password' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });

    it("on a rental's detail page (status, tags, carousel)", async () => {
      page = await openPage(1280, 800, scheme);
      await signInByApi(page, E2E_ACCOUNTS.admin);
      const { rentals } = await apiGet<{ rentals: { _id: string }[] }>(page, '/admin/rental?limit=1');
      await page.goto(`/rentaldetail/${rentals[0]!._id}`);
      await page.getByRole('list', { name: 'Amenities', exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('on the analytics page with the drawer open on a 375 px screen', async () => {
      page = await openPage(375, 740, scheme);
      await signInAs(page, E2E_ACCOUNTS.admin);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Group' })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  },
);

describe('the light or dark switch', () => {
  const toggle = (page: Page) => page.getByRole('button', { name: 'Dark theme' });

  it('in the header turns dark on a light system, stays dark after a reload and before the panel runs', async () => {
    page = await openPage(1280, 800, 'light');
    await signInAs(page, E2E_ACCOUNTS.admin);
    expect(await drawnScheme(page)).toBe('light');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');

    await toggle(page).click();
    expect(await drawnScheme(page)).toBe('dark');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    expect(await drawnScheme(page)).toBe('dark');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    // The choice is drawn before the first paint: the small script in the page's head sets it
    // even when the panel's own code never runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await drawnScheme(page)).toBe('dark');
  });

  it('on the sign-in page turns light on a dark system, kept after signing in', async () => {
    page = await openPage(1280, 800, 'dark');
    await page.goto('/');
    await loginForm(page).heading.waitFor();
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('true');
    await toggle(page).click();
    expect(await drawnScheme(page)).toBe('light');

    await signInAs(page, E2E_ACCOUNTS.admin);
    expect(await drawnScheme(page)).toBe('light');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');
  });
});
