import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { localStorageLength, loginForm, screenshot, signInAs, usePages, waitForPath } from './browser';

let page: Page;
const openPage = usePages();

const ALL_ENTRIES = [
  'Analytics',
  'User',
  'City',
  'Cafe',
  'Store and Shop',
  'Things To Do',
  'Promo Banner',
  'Rentals',
  'Jobs',
  'Reported Issue',
  'Contact Us',
  'Group',
  'Audit log',
];

function navigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The module entries (links) of the side navigation, in order. */
async function navEntries(page: Page): Promise<string[]> {
  return (await navigation(page).getByRole('link').allTextContents()).map((text) => text.trim());
}

/** Where the navigation's right edge is: at or left of 0 means it is off screen. */
function navRightEdge(page: Page): Promise<number> {
  return navigation(page).evaluate((element) => element.getBoundingClientRect().right);
}

describe('side navigation', () => {
  it('shows a sub-admin Analytics and the modules it may read, and nothing else', async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.sub);
    // The entries follow the admin's permissions once they have loaded.
    await navigation(page).getByRole('link', { name: 'Cafe' }).waitFor();
    expect(await navEntries(page)).toEqual(['Analytics', 'City', 'Cafe']);
    expect(await navigation(page).getByRole('button').allTextContents()).toEqual(['Logout']);
    for (const hidden of ALL_ENTRIES.filter((entry) => !['Analytics', 'City', 'Cafe'].includes(entry))) {
      expect(await page.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    expect(await navigation(page).getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await page.getByRole('link', { name: `My account: ${E2E_ACCOUNTS.sub.username}` }).count()).toBe(
      1,
    );
    await screenshot(page, 'navigation-sub-admin');

    // A module it may read opens.
    await navigation(page).getByRole('link', { name: 'City' }).click();
    await waitForPath(page, '/cities');
    await page.getByRole('heading', { level: 1, name: 'City' }).waitFor();
    expect(await navigation(page).getByRole('link', { name: 'City' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await screenshot(page, 'navigation-sub-admin-city');
  });

  it('shows an admin every entry in order, the audit log last', async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    await navigation(page).getByRole('link', { name: 'Audit log' }).waitFor();
    expect(await navEntries(page)).toEqual(ALL_ENTRIES);
    await screenshot(page, 'navigation-admin');
  });

  it('is a drawer on a 375 px screen, hidden until the burger is pressed', async () => {
    page = await openPage(375, 740);
    await signInAs(page, E2E_ACCOUNTS.admin);
    await page.getByRole('link', { name: `My account: ${E2E_ACCOUNTS.admin.username}` }).waitFor();
    // Closed: off screen and out of reach (inert).
    expect(await navRightEdge(page)).toBeLessThanOrEqual(0);
    expect(await navigation(page).getAttribute('inert')).not.toBeNull();
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    expect(await burger.count()).toBe(1);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'navigation-mobile-closed');

    await burger.click();
    await expect.poll(() => navRightEdge(page)).toBeGreaterThan(200);
    // Wait until the slide-in has finished before the screenshot.
    await expect
      .poll(() => navigation(page).evaluate((element) => element.getBoundingClientRect().left))
      .toBe(0);
    expect(await navigation(page).getAttribute('inert')).toBeNull();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await navigation(page).getByRole('link', { name: 'Audit log' }).waitFor();
    expect(await navEntries(page)).toEqual(ALL_ENTRIES);
    await screenshot(page, 'navigation-mobile-open', { fullPage: false });

    // Choosing an entry goes there and closes the drawer.
    await navigation(page).getByRole('link', { name: 'Jobs' }).click();
    await waitForPath(page, '/jobs');
    await page.getByRole('heading', { level: 1, name: 'Jobs Management' }).waitFor();
    await expect.poll(() => navRightEdge(page)).toBeLessThanOrEqual(0);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'navigation-mobile-jobs');
  });

  it('logs out: clears local storage and goes to the sign-in page', async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    expect(await localStorageLength(page)).toBeGreaterThan(0);
    await navigation(page).getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await loginForm(page).heading.waitFor();
    expect(await localStorageLength(page)).toBe(0);
    expect(await navigation(page).count()).toBe(0);
    await screenshot(page, 'logged-out');

    // The session is over: a protected page sends the visitor back to sign in.
    await page.goto('/analytics');
    await waitForPath(page, '/');
    await loginForm(page).heading.waitFor();
  });
});
