import { AREA_NAMES, AREAS, type DetailAreaName } from '@roam/contract/areas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { apiGet, type ColorScheme, screenshot, signInAs, usePages } from './browser';

/**
 * Every route of the panel at a phone's, a tablet's and a desktop's width: no page may be wider
 * than the screen (a sideways scroll). With E2E_SCREENSHOTS=1 each is saved as
 * <route>-<width>-<scheme>.png for a person to look at, in light and in dark; without, only light
 * is walked (a scheme changes colours, not widths; accessibility.test.ts checks dark's contrast),
 * which keeps the run short.
 */
const WIDTHS = [375, 768, 1280] as const;
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';
const SCHEMES: readonly ColorScheme[] = SAVE_SCREENSHOTS ? ['light', 'dark'] : ['light'];

/** The detail page of each area that has one (a city's details open in a dialog on its list). */
const DETAIL_PATHS: Record<Exclude<DetailAreaName, 'cities'>, string> = {
  cafes: '/cafedetail',
  shops: '/shopdetail',
  explore: '/exploredetail',
  rentals: '/rentaldetail',
  jobs: '/jobs',
};

type Route = { name: string; path: string };

const PUBLIC_ROUTES: readonly Route[] = [
  { name: 'sign-in', path: '/' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'reset-password', path: '/reset-password?mode=resetPassword&oobCode=not-a-code&lang=en' },
];

const PAGE_ROUTES: readonly Route[] = [
  { name: 'analytics', path: '/analytics' },
  { name: 'analytics-graph', path: '/analytics/graph' },
  { name: 'account', path: '/account' },
  { name: 'change-password', path: '/change-password' },
  { name: 'audit', path: '/audit' },
  { name: 'addexplore', path: '/addexplore' },
  { name: 'not-found', path: '/no-such-page' },
];

/**
 * The signed-in routes: the pages above, each area's list as the admin's side navigation links it
 * (all of them: an admin reads every module), a user's list, a detail page per area, a user's
 * profile and a group, with ids from the API.
 */
async function signedInRoutes(page: Page): Promise<Route[]> {
  // By its id: on a phone the closed drawer is inert, out of the accessibility tree.
  const navigation = page.locator('#app-navigation');
  await navigation.locator('a[href="/audit"]').waitFor({ state: 'attached' });
  const navPaths = await navigation
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const listPaths = navPaths.filter((path) => path !== '/analytics' && path !== '/audit');
  expect(listPaths).toHaveLength(AREA_NAMES.length);

  const firstId = async (area: DetailAreaName | 'users' | 'groups', key: '_id' | 'userID' | 'statusID') => {
    const { list } = AREAS[area];
    const answer = await apiGet<Record<string, Record<string, string>[]>>(page, `/admin${list.path}?limit=1`);
    const id = answer[list.responseKey]?.[0]?.[key];
    expect(id, `an item of ${area}`).toBeTruthy();
    return id!;
  };
  const details = await Promise.all(
    Object.entries(DETAIL_PATHS).map(async ([area, path]) => ({
      name: `${path.slice(1)}-detail`,
      path: `${path}/${await firstId(area as DetailAreaName, '_id')}`,
    })),
  );
  const userId = await firstId('users', 'userID');
  return [
    ...PAGE_ROUTES,
    ...listPaths.map((path) => ({ name: `list${path.replaceAll('/', '-')}`, path })),
    { name: 'user-cafe', path: `/user-cafe/${userId}` },
    ...details,
    { name: 'userdetail', path: `/userdetail/${userId}` },
    { name: 'groupdetail', path: `/groupdetail/${await firstId('groups', 'statusID')}` },
  ];
}

/**
 * Opens a route and waits until it has settled: its h1 shown and nothing loading (no skeleton,
 * spinner or busy region left).
 */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.mantine-Skeleton-root[data-visible], .mantine-Loader-root, [aria-busy="true"], [data-loading]',
      ),
  );
}

/** How far the page is wider than the screen, in pixels (0: no sideways scroll). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

const openPage = usePages();

describe.each(SCHEMES)('every route in %s', (scheme) => {
  it.each(WIDTHS)('fits a %i px screen', async (width) => {
    const page = await openPage(width, 800, scheme);
    const overflowing: string[] = [];
    const check = async ({ name, path }: Route) => {
      await settle(page, path);
      const extra = await overflow(page);
      if (extra > 0) overflowing.push(`${path}: ${extra} px too wide`);
      if (SAVE_SCREENSHOTS) await screenshot(page, `${name}-${width}-${scheme}`);
    };

    for (const route of PUBLIC_ROUTES) await check(route);
    await signInAs(page, E2E_ACCOUNTS.admin);
    for (const route of await signedInRoutes(page)) await check(route);

    expect(overflowing).toEqual([]);
  });
});
