import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import {
  screenshot,
  seriousViolations,
  signInAs,
  signInByApi,
  usePages,
  waitForPath,
  waitForToast,
} from './browser';

/** The management lists, driven as an admin would: tiles, search, dates, city, paging, selection, actions. */
let page: Page;
const openPage = usePages();

const tile = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Status' }).getByRole('button', { name: new RegExp(`^${label}\\s`) });

/** The number a status tile shows. */
async function tileCount(page: Page, label: string): Promise<number> {
  const text = (await tile(page, label).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

async function totalRecords(page: Page): Promise<number> {
  const text = (await page.getByText(/^Total Records Found: \d+$/).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

const bodyRows = (page: Page): Locator => page.locator('tbody tr.mantine-datatable-row');

/** Opens a list and waits for its rows and counts. */
async function openList(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await bodyRows(page).first().waitFor();
  await expect.poll(() => tileCount(page, 'All')).toBeGreaterThan(0);
}

/** The text of one column (by header; a sortable one's hidden label says Sort by) in every body row. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim().replace(/^Sort by /, '') === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return bodyRows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

/** DD/MM/YYYY as the table shows it, to a comparable YYYY-MM-DD. */
const isoOf = (shown: string) => shown.split('/').reverse().join('-');

describe('cafe list', () => {
  it('filters by tile and searches on Enter', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/cafe', 'Cafe');
    const all = await tileCount(page, 'All');
    const active = await tileCount(page, 'Active');
    expect(all).toBe(active + (await tileCount(page, 'Inactive')) + (await tileCount(page, 'Deleted')));
    expect(await totalRecords(page)).toBe(all);
    expect(await bodyRows(page).count()).toBe(Math.min(20, all));
    await screenshot(page, 'list-cafe');

    // A tile filters by its status.
    await tile(page, 'Active').click();
    await page.waitForURL(/status=ACTIVE/);
    await expect.poll(() => totalRecords(page)).toBe(active);
    // The rows render in a transition after the total: wait for them, not only the total.
    await expect.poll(async () => new Set(await columnTexts(page, 'Status'))).toEqual(new Set(['ACTIVE']));

    // Search runs on Enter, on the name.
    const [firstName] = await columnTexts(page, 'Name');
    const term = firstName!.split(' ')[0]!;
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill(term);
    await search.press('Enter');
    await page.waitForURL(/q=/);
    await expect.poll(() => totalRecords(page)).toBeLessThan(active);
    await expect
      .poll(async () =>
        (await columnTexts(page, 'Name')).filter((name) => !name.toLowerCase().includes(term.toLowerCase())),
      )
      .toEqual([]);
    // The tile keeps its status; clicking All resets the search.
    await tile(page, 'All').click();
    await expect.poll(() => totalRecords(page)).toBe(all);
    expect(await search.inputValue()).toBe('');
  });

  it('filters by a date range chosen in the pickers', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/cafe', 'Cafe');
    const all = await tileCount(page, 'All');
    const dates = (await columnTexts(page, 'Created at')).map(isoOf);
    const newest = dates[0]!;
    const [year, month] = newest.split('-');

    // From: the first of the month of the newest cafe.
    await page.getByRole('button', { name: 'From' }).click();
    const monthName = new Date(`${year}-${month}-01T00:00:00Z`).toLocaleString('en-GB', {
      month: 'long',
      timeZone: 'UTC',
    });
    await page.getByRole('button', { name: `1 ${monthName} ${year}`, exact: true }).click();
    await page.waitForURL(new RegExp(`from=${year}-${month}-01`));
    await expect.poll(() => tileCount(page, 'All')).toBeLessThanOrEqual(all);
    // The rows shown are the filtered answer's once it has arrived (the URL changes first): every
    // one created on or after the From day.
    const from = `${year}-${month}-01`;
    await expect
      .poll(async () =>
        (await columnTexts(page, 'Created at')).map(isoOf).filter((created) => created < from),
      )
      .toEqual([]);
    await screenshot(page, 'list-cafe-dates');
  });

  it('inactivates and activates a cafe through the confirm dialog, and the counts follow', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/cafe?status=ACTIVE', 'Cafe');
    const active = await tileCount(page, 'Active');
    const inactive = await tileCount(page, 'Inactive');
    const [name] = await columnTexts(page, 'Name');

    await page
      .getByRole('button', { name: `Actions for ${name}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Inactivate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to Inactivate this cafe ?').waitFor();
    await screenshot(page, 'list-confirm');
    await dialog.getByRole('button', { name: 'Yes, Inactivate' }).click();
    expect(await waitForToast(page, 'Cafe inactivated')).toBe('success');
    await expect.poll(() => tileCount(page, 'Active')).toBe(active - 1);
    expect(await tileCount(page, 'Inactive')).toBe(inactive + 1);

    await tile(page, 'Inactive').click();
    await page.getByRole('link', { name: name!, exact: true }).first().waitFor();
    await page
      .getByRole('button', { name: `Actions for ${name}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Activate' }).click();
    expect(await waitForToast(page, 'Cafe activated')).toBe('success');
    await expect.poll(() => tileCount(page, 'Active')).toBe(active);
  });

  it('shows a read-only sub-admin the rows and no action menu', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.sub);
    await openList(page, '/cafe', 'Cafe');
    expect(await page.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    await openList(page, '/cities', 'City');
    expect(await page.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
  });
});

describe('rental list', () => {
  it('filters by city and deletes a rental, which then has no menu', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/rental', 'Rental');
    const all = await tileCount(page, 'All');
    const deleted = await tileCount(page, 'Deleted');

    // City: the first preloaded city narrows the list. Until pressed, the field is a stand-in
    // button that looks the same; pressing it opens the select.
    await page.getByRole('button', { name: 'City', exact: true }).click();
    const option = page.getByRole('listbox').getByRole('option').first();
    const cityName = (await option.textContent())!.trim();
    await option.click();
    await page.waitForURL(/city=/);
    await expect.poll(() => tileCount(page, 'All')).toBeLessThan(all);
    expect(await page.getByRole('combobox', { name: 'City' }).inputValue()).toBe(cityName);
    await page.getByRole('button', { name: 'Clear city', includeHidden: true }).click();
    await expect.poll(() => tileCount(page, 'All')).toBe(all);

    // Delete the newest active rental.
    await tile(page, 'Active').click();
    await page.waitForURL(/status=ACTIVE/);
    // The rows are the Active answer's once it has arrived (the URL changes first).
    await expect.poll(async () => [...new Set(await columnTexts(page, 'Status'))]).toEqual(['ACTIVE']);
    const [name] = await columnTexts(page, 'Name');
    await page
      .getByRole('button', { name: `Actions for ${name}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to Delete this rental ?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    expect(await waitForToast(page, 'Deleted successfully')).toBe('success');
    await expect.poll(() => tileCount(page, 'Deleted')).toBe(deleted + 1);
    await tile(page, 'Deleted').click();
    await page.getByRole('link', { name: name!, exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    await screenshot(page, 'list-rental-deleted');
  });
});

describe('bulk actions', () => {
  it('selects three shops, inactivates them with one confirmation, and the summary and tiles follow', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/shop?status=ACTIVE', 'Store and Shop');
    const active = await tileCount(page, 'Active');
    const inactive = await tileCount(page, 'Inactive');
    for (const index of [0, 1, 2]) {
      await bodyRows(page).nth(index).getByRole('checkbox').check();
    }
    const bar = page.getByRole('region', { name: 'Selected rows' });
    await bar.getByText('3 selected').waitFor();
    expect(await bar.getByRole('button', { name: 'Activate', exact: true }).count()).toBe(0);
    await screenshot(page, 'list-bulk-bar-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'list-bulk-bar-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    await bar.getByRole('button', { name: 'Inactivate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to Inactivate these 3 shops ?').waitFor();
    await dialog.getByRole('button', { name: 'Yes, Inactivate' }).click();
    expect(await waitForToast(page, '3 shops inactivated')).toBe('success');
    await expect.poll(() => tileCount(page, 'Active')).toBe(active - 3);
    expect(await tileCount(page, 'Inactive')).toBe(inactive + 3);
    expect(await bar.count()).toBe(0);
  });
});

describe('city and issue lists', () => {
  it('opens a row details popup from the first column', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/cities', 'City');
    const [name] = await columnTexts(page, 'Name');
    await page.getByRole('button', { name: name!, exact: true }).click();
    await page.getByRole('dialog', { name: name! }).waitFor();
    await screenshot(page, 'list-city-details');
    await page.keyboard.press('Escape');

    await openList(page, '/issues', 'Reported Issue');
    const [subject] = await columnTexts(page, 'Subject');
    await page.getByRole('button', { name: subject!, exact: true }).first().click();
    await page.getByRole('dialog', { name: subject! }).waitFor();
    await screenshot(page, 'list-issue-details');
  });
});

describe('user list', () => {
  it('pages, selects a page, and the back button returns to the first page', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/user', 'Users');
    const all = await tileCount(page, 'All');
    expect(all).toBeGreaterThan(20);
    expect(await totalRecords(page)).toBe(all);
    // Paging: the second page numbers on from 21.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(async () => (await columnTexts(page, '#'))[0]).toBe('21');

    // The header checkbox selects the page.
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByText(`${await bodyRows(page).count()} selected`).waitFor();
    // The back button returns to page 1.
    await page.goBack();
    await expect.poll(async () => (await columnTexts(page, '#'))[0]).toBe('1');
  });

  it('makes a user a sub-admin with the cascade, then disables the admin', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, `/user?q=${E2E_ACCOUNTS.member.username}`, 'Users');
    await page.getByRole('link', { name: E2E_ACCOUNTS.member.username, exact: true }).waitFor();
    expect(
      await page.getByRole('link', { name: E2E_ACCOUNTS.member.username, exact: true }).getAttribute('href'),
    ).toBe(`/userdetail/${E2E_ACCOUNTS.member.userID}`);

    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Make admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make admin' });
    await dialog.waitFor();
    await dialog.getByText('Sub-admin', { exact: true }).click();
    // Delete ticks read and write; read again clears write and delete.
    const cafeRead = dialog.getByRole('checkbox', { name: 'Cafe read' });
    const cafeWrite = dialog.getByRole('checkbox', { name: 'Cafe write' });
    const cafeDelete = dialog.getByRole('checkbox', { name: 'Cafe delete' });
    await cafeDelete.check();
    expect(await cafeRead.isChecked()).toBe(true);
    expect(await cafeWrite.isChecked()).toBe(true);
    await cafeRead.uncheck();
    await cafeRead.check();
    expect(await cafeWrite.isChecked()).toBe(false);
    expect(await cafeDelete.isChecked()).toBe(false);
    await dialog.getByRole('checkbox', { name: 'City write' }).check();
    expect(await dialog.getByRole('checkbox', { name: 'City read' }).isChecked()).toBe(true);
    await screenshot(page, 'list-make-admin');
    await dialog.getByRole('button', { name: 'Make admin' }).click();
    expect(await waitForToast(page, 'User added as admin')).toBe('success');
    await page.getByText('sub-admin', { exact: true }).first().waitFor();

    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Disable admin' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Disable admin' }).click();
    expect(await waitForToast(page, 'User removed as admin')).toBe('success');
    await page.getByText('user', { exact: true }).first().waitFor();
  });

  it("opens a user's cafes as a per-user list with its title and a back control", async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto('/cafe');
    await openList(page, '/user-cafe/U0000001', 'Users cafe');
    expect(await tileCount(page, 'All')).toBeLessThan(50);
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForPath(page, '/cafe');
  });
});

describe('sorting a list', () => {
  // Usernames are ASCII; the database orders text by its collation, which code-unit order matches.
  const ascending = (names: string[]) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  it('sorts the users by username from the header, then reversed, the URL carrying it', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/user', 'Users');
    const header = page.getByRole('button', { name: /^Sort by Username/ });

    await header.click();
    await page.waitForURL(/[?&]sort=username(&|$)/);
    await expect.poll(() => header.getByRole('img', { name: 'Sorted ascending' }).count()).toBe(1);
    await expect
      .poll(async () => {
        const names = await columnTexts(page, 'Username');
        return names.length > 1 && names.join() === ascending(names).join();
      })
      .toBe(true);
    const [first] = await columnTexts(page, 'Username');
    await screenshot(page, 'list-users-sorted-by-username');

    await header.click();
    await page.waitForURL(/[?&]sort=-username(&|$)/);
    await expect
      .poll(async () => {
        const names = await columnTexts(page, 'Username');
        return names.join() === ascending(names).reverse().join() && names[0] !== first;
      })
      .toBe(true);
  });

  it('sorts from the Sort by select on a narrow screen', async () => {
    page = await openPage(375, 800);
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await page.goto('/user?page=2');
    // Below 768 px each row is a card, named by its first link (the username).
    const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    const cardNames = () =>
      cards.evaluateAll((items) => items.map((item) => item.querySelector('a')?.textContent?.trim() ?? ''));
    await cards.first().waitFor();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Username, ascending' });
    await page.waitForURL(
      (url) => url.searchParams.get('sort') === 'username' && !url.searchParams.has('page'),
    );
    await expect
      .poll(async () => {
        const names = await cardNames();
        return names.length > 1 && names.join() === ascending(names).join();
      })
      .toBe(true);
    await screenshot(page, 'list-users-sort-select-375');
  });
});

describe('accessibility of the lists (axe: no serious or critical violations)', () => {
  it('on the cafe, user, group and promo lists, and a confirm dialog', async () => {
    page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    for (const [path, title] of [
      ['/cafe', 'Cafe'],
      ['/user', 'Users'],
      ['/group', 'Groups'],
      ['/jobs', 'Jobs Management'],
    ] as const) {
      await openList(page, path, title);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto('/promos');
    await page.getByRole('heading', { level: 1, name: 'Promo Banner' }).waitFor();
    await page.getByText(/^Total Records Found: \d+$/).waitFor();
    expect(await seriousViolations(page), '/promos').toEqual([]);
    await screenshot(page, 'list-promos');

    await openList(page, '/cafe?status=ACTIVE', 'Cafe');
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await seriousViolations(page), 'confirm dialog').toEqual([]);
    await page.getByRole('button', { name: 'No, Go Back' }).click();
  });

  it('stays usable at 375 px', async () => {
    page = await openPage(375, 800);
    await signInByApi(page, E2E_ACCOUNTS.admin);
    // Below 768 px each row is a card.
    await page.goto('/rental');
    await page.getByRole('list', { name: 'Rental' }).getByRole('listitem').first().waitFor();
    await screenshot(page, 'list-rental-375');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the list screens without zod', () => {
  it('show every list with zod refused: a first list needs none of it, and zod is asked for once idle', async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    const navigation = page.locator('#app-navigation');
    await navigation.locator('a[href="/audit"]').waitFor({ state: 'attached' });
    const listPaths = (
      await navigation
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))
    ).filter((path) => path !== '/analytics' && path !== '/audit');
    expect(listPaths.length).toBeGreaterThan(10);

    // zod's files (its own, the members the panel uses) are refused from here on; routing also
    // keeps the browser's cache from answering for them.
    const refused: string[] = [];
    await page.route(/\/assets\/zod-(members-)?[\w-]{8}\.js$/, (route) => {
      refused.push(route.request().url());
      return route.abort();
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const path of listPaths) {
      // Each opened as a page of its own (a new document: nothing of zod loaded).
      await page.goto(path);
      await page
        .getByText(/^Total Records Found: [1-9]\d*$/)
        .waitFor()
        .catch(async (error) => {
          await screenshot(page, 'list-without-zod-failed');
          throw new Error(`${path}: ${errors.join('; ')} ${error}`);
        });
    }
    expect(errors).toEqual([]);
    // The start asks for zod once the page is idle, before a form or a detail page needs it.
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
