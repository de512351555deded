import { toggleCall } from '@roam/contract/areas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import {
  apiGet,
  baseUrl,
  finishAnimations,
  getStoredToken,
  screenshot,
  signInByApi,
  usePages,
} from './browser';

/**
 * Every table of the panel at a phone's, a tablet's and a laptop's width, with the side navigation
 * open and closed: nothing wider than the screen, no table scrolling sideways inside its card, and
 * the first row's menu on screen (issue 16).
 */
const openPage = usePages();

/** Every area's list (the panel's LIST_PATHS) by its page title. */
const LISTS: readonly [path: string, title: string][] = [
  ['/user', 'Users'],
  ['/cities', 'Cities'],
  ['/cafe', 'Cafe'],
  ['/shop', 'Shops'],
  ['/explore', 'Explore'],
  ['/promos', 'Promos'],
  ['/rental', 'Rental'],
  ['/jobs', 'Jobs'],
  ['/issues', 'Issues'],
  ['/contactus', 'Contact Us'],
  ['/group', 'Groups'],
];

type Screen = {
  name: string;
  path: string;
  hasMenu: boolean;
  open?: (page: Page) => Promise<void>;
};

const SHOWCASE_USER = 'U0000001';

/** How far the page, and each table's scroll area, is wider than what shows it. */
const overflows = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: Array.prototype.map.call(
      document.querySelectorAll('.mantine-datatable .mantine-ScrollArea-viewport'),
      (viewport: HTMLElement) => viewport.scrollWidth - viewport.clientWidth,
    ) as number[],
  }));

/** The first row: a table's, its card below 768 px, or a promo banner's card (by its menu). */
const firstRow = (page: Page) =>
  page
    .locator('tr.mantine-datatable-row, main ul[aria-label] > li')
    .or(page.getByRole('main').getByRole('button', { name: /^Actions for / }))
    .first();

async function check(page: Page, screen: Screen, label: string) {
  // The navigation slides and the columns settle first.
  await finishAnimations(page);
  const { page: pageOverflow, tables } = await overflows(page);
  expect(pageOverflow, `${label}: page wider than the screen`).toBeLessThanOrEqual(0);
  for (const overflow of tables)
    expect(overflow, `${label}: a table scrolls sideways`).toBeLessThanOrEqual(1);
  if (screen.hasMenu) {
    // The first row that has one (none on the admin's own row, nor on a deleted one).
    const menu = page
      .getByRole('main')
      .getByRole('button', { name: /^Actions for |^View changes$/ })
      .first();
    const box = await menu.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box, `${label}: the first row's menu`).not.toBeNull();
    expect(box!.x, `${label}: the menu starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${label}: the menu ends on screen`).toBeLessThanOrEqual(width);
  }
}

/**
 * Two entries in the audit log, whatever ran before: a cafe inactivated and activated again, through
 * the API, so that the log's table is checked with rows.
 */
async function writeAuditEntries(page: Page): Promise<void> {
  const { cafes } = await apiGet<{ cafes: { _id: string }[] }>(page, '/admin/cafe?status=ACTIVE&limit=1');
  const cafe = cafes[0];
  expect(cafe, 'an active cafe').toBeDefined();
  for (const to of ['INACTIVE', 'ACTIVE'] as const) {
    const call = toggleCall('cafes', cafe!, to)!;
    const url = new URL(call.path, baseUrl());
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    const response = await fetch(url, {
      method: call.method,
      headers: { authorization: `Bearer ${await getStoredToken(page)}` },
    });
    expect(response.status, `${call.method} ${call.path}`).toBe(200);
  }
}

async function screensToCheck(page: Page): Promise<Screen[]> {
  await writeAuditEntries(page);
  const { groups } = await apiGet<{ groups: { statusID: string; membersCount: number; deleted: boolean }[] }>(
    page,
    '/admin/group?limit=20',
  );
  const group = groups.filter((each) => !each.deleted).sort((a, b) => b.membersCount - a.membersCount)[0];
  const { rentals } = await apiGet<{ rentals: { _id: string }[] }>(page, '/admin/rental?limit=20');
  let rentalId: string | undefined;
  for (const rental of rentals) {
    const { applications } = await apiGet<{ applications: unknown[] }>(
      page,
      `/admin/rental/applicants/${rental._id}?status=All&skip=0&limit=30`,
    );
    if (applications.length > 0) {
      rentalId = rental._id;
      break;
    }
  }
  expect(group, 'a group').toBeDefined();
  expect(rentalId, 'a rental with applications').toBeDefined();
  return [
    ...LISTS.map(([path, title]) => ({ name: title, path, hasMenu: true })),
    { name: 'Users cafe', path: `/user-cafe/${SHOWCASE_USER}`, hasMenu: true },
    { name: 'Group members', path: `/groupdetail/${group!.statusID}`, hasMenu: true },
    {
      name: 'Rental applications',
      path: `/rentaldetail/${rentalId}`,
      hasMenu: false,
      open: async (page) => {
        await page.getByRole('tab', { name: 'Applications', exact: true }).click();
      },
    },
    { name: 'User profile', path: `/userdetail/${SHOWCASE_USER}`, hasMenu: false },
    { name: 'Audit log', path: '/audit', hasMenu: true },
  ];
}

describe('responsive tables', () => {
  for (const width of [375, 768, 1280]) {
    it(`fit ${width} px with the navigation open and closed`, { timeout: 300_000 }, async () => {
      const page = await openPage(width, 900);
      await signInByApi(page, E2E_ACCOUNTS.admin);
      const screens = await screensToCheck(page);
      for (const screen of screens) {
        await page.goto(screen.path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await screen.open?.(page);
        await firstRow(page)
          .waitFor()
          .catch(async (error) => {
            await screenshot(page, `responsive-stuck-${width}`);
            throw new Error(`${screen.name} at ${width}: no row (${error})`);
          });
        const slug = screen.name.toLowerCase().replaceAll(' ', '-');
        if (width < 768) {
          // Below 768 px the navigation is a drawer over the page, closed by default.
          await check(page, screen, `${screen.name} at ${width}`);
          await screenshot(page, `responsive-${slug}-${width}`, { fullPage: false });
          continue;
        }
        await check(page, screen, `${screen.name} at ${width}, navigation open`);
        await screenshot(page, `responsive-${slug}-${width}-nav-open`, { fullPage: false });
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await expect.poll(() => page.locator('#app-navigation').getAttribute('inert')).not.toBeNull();
        await check(page, screen, `${screen.name} at ${width}, navigation closed`);
        await screenshot(page, `responsive-${slug}-${width}-nav-closed`, { fullPage: false });
      }
    });
  }
});
