import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { newPage, screenshot, signInByApi, usePages, waitForToast } from './browser';

/**
 * Downloads and live lists, as an admin uses them: the Download menu of a filtered list, the
 * file opened and read back against the table, the header's downloads list (after a reload, after
 * the link expired: the test server's DOWNLOAD_TTL is 10 s), and a second browser that sees a
 * change made in the first without reloading.
 */
const openPage = usePages();

const bodyRows = (page: Page) => page.locator('tbody tr.mantine-datatable-row');

async function openList(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  // Table rows, or below 768 px the stacked cards.
  await bodyRows(page)
    .or(page.getByRole('list', { name: title }).getByRole('listitem'))
    .first()
    .waitFor();
}

async function totalRecords(page: Page): Promise<number> {
  const text = (await page.getByText(/^Total Records Found: [\d,]+$/).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** The table's names, in order (the first column links to the record). */
async function shownNames(page: Page): Promise<string[]> {
  const headers = await page.locator('thead th').allTextContents();
  // A sortable header reads 'Sort by Name' to screen readers.
  const index = headers.findIndex((text) => text.trim().replace(/^Sort by /, '') === 'Name');
  expect(index, 'the Name column').toBeGreaterThanOrEqual(0);
  return bodyRows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

const downloadsButton = (page: Page) => page.getByRole('button', { name: /^Downloads/ });
const downloadsList = (page: Page) => page.getByRole('list', { name: 'Downloads' });

describe('downloads', () => {
  it("downloads a filtered list as CSV with the table's rows, lists it after a reload, then shows it Expired", async () => {
    const page = await openPage();
    await signInByApi(page, E2E_ACCOUNTS.admin);
    await openList(page, '/cafe?status=ACTIVE&q=a', 'Cafe');
    const total = await totalRecords(page);
    const names = await shownNames(page);
    expect(total).toBeGreaterThan(0);

    // Every progress bar the page shows while the job runs is recorded.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of Array.from(document.querySelectorAll('[data-download] [role="progressbar"]')))
          seen.push(bar.getAttribute('aria-label') ?? '');
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });

    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByText(`All ${total} matching rows`).waitFor();
    await screenshot(page, 'downloads-menu-1280');
    const fileEvent = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const file = await fileEvent;
    expect(await waitForToast(page, 'Download successful')).toBe('success');
    const progressSeen = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(progressSeen.length).toBeGreaterThan(0);

    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(total);
    expect(rows.slice(0, names.length).map((row) => row.Name)).toEqual(names);
    expect(new Set(rows.map((row) => row.Status))).toEqual(new Set(['Active']));

    // The list opened by itself; the job is done and has its link.
    const item = downloadsList(page).getByRole('listitem').first();
    await item.getByRole('link', { name: /^Download Cafe / }).waitFor();
    await screenshot(page, 'downloads-list-1280', { fullPage: false });

    // After a reload the list comes from the server.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Cafe' }).waitFor();
    await downloadsButton(page).click();
    const reloaded = downloadsList(page).getByRole('listitem').first();
    const link = reloaded.getByRole('link', { name: /^Download Cafe / });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/downloads\/[0-9a-f-]{36}\/[^?]+\.csv\?Expires=\d+&Signature=/);

    // Past its expiry the link is gone and the list says Expired; the server answers 410.
    await reloaded.getByText('Expired').waitFor({ timeout: 30_000 });
    expect(await reloaded.getByRole('link').count()).toBe(0);
    expect((await page.request.get(href)).status()).toBe(410);
  });

  it('a second admin sees a change made by the first without reloading', async () => {
    const first = await openPage();
    await signInByApi(first, E2E_ACCOUNTS.admin);
    const browser = first.context().browser();
    if (!browser) throw new Error('no browser');
    const second = await newPage(browser);
    try {
      await signInByApi(second, E2E_ACCOUNTS.sub);
      await openList(second, '/cafe?status=ACTIVE', 'Cafe');
      await openList(first, '/cafe?status=ACTIVE', 'Cafe');
      const [name] = await shownNames(first);
      if (!name) throw new Error('no active cafe');
      await second.getByRole('link', { name, exact: true }).first().waitFor();
      // A marker that a reload would lose.
      await second.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });

      await first
        .getByRole('button', { name: `Actions for ${name}` })
        .first()
        .click();
      await first.getByRole('menuitem', { name: 'Inactivate' }).click();
      await first.getByRole('dialog').getByRole('button', { name: 'Yes, Inactivate' }).click();
      expect(await waitForToast(first, 'Cafe inactivated')).toBe('success');

      await expect
        .poll(() => second.getByRole('link', { name, exact: true }).count(), { timeout: 15_000 })
        .toBe(0);
      expect(await second.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );

      // Put it back for the other tests.
      await first
        .getByRole('group', { name: 'Status' })
        .getByRole('button', { name: /^Inactive\s/ })
        .click();
      await first
        .getByRole('button', { name: `Actions for ${name}` })
        .first()
        .click();
      await first.getByRole('menuitem', { name: 'Activate' }).click();
      await first.getByRole('dialog').getByRole('button', { name: 'Yes, Activate' }).click();
      expect(await waitForToast(first, 'Cafe activated')).toBe('success');
      await expect.poll(() => second.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);
    } finally {
      await second.context().close();
    }
  });

  for (const width of [375, 768]) {
    it(`fits the download menu and the downloads list at ${width} px`, async () => {
      const page = await openPage(width, 800);
      await signInByApi(page, E2E_ACCOUNTS.admin);
      await openList(page, '/cafe', 'Cafe');
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      await page.getByRole('menuitem', { name: 'PDF' }).waitFor();
      await screenshot(page, `downloads-menu-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await downloadsButton(page).click();
      const dropdown = page.getByRole('dialog', { name: 'Downloads' });
      await dropdown.waitFor();
      const box = await dropdown.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `downloads-list-${width}`, { fullPage: false });
    });
  }
});
