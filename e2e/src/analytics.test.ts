import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { apiGet, screenshot, seriousViolations, signInAs, submitLogin, usePages } from './browser';

/**
 * Analytics as an admin uses it: the world map shaded by active users with a tooltip whose count
 * is the API's, the range selector, and the Active Users graph page (monthly by default, daily,
 * arrows that move the window and stop at the present), on a phone too, without axe violations.
 */
const openPage = usePages();

type ActiveUsers = { activeusers: Record<string, number>[] };
type Graph = { graph: Record<string, number>[] };

const isMapAnswer = (response: Response) =>
  new URL(response.url()).pathname === '/admin/analytics/users' && response.status() === 200;

/** The period labels and values of a graph, from the table the chart carries for screen readers. */
async function graphTable(page: Page, caption: string): Promise<[string, number][]> {
  const table = page.locator('table').filter({ has: page.locator('caption', { hasText: caption }) });
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.children[0]?.textContent ?? '', tr.children[1]?.textContent ?? ''] as const),
    );
  return rows.map(([label, value]) => [label, Number(value)]);
}

const map = (page: Page) => page.getByRole('group', { name: 'Active users by country' });

describe('analytics', () => {
  it('shades countries by active users, and a country tooltip shows the count the API answers', async () => {
    const page = await openPage();
    const answered = page.waitForResponse(isMapAnswer);
    await submitLogin(page, E2E_ACCOUNTS.admin);
    const answer = (await (await answered).json()) as ActiveUsers;
    await map(page).waitFor();
    const entries = answer.activeusers.flatMap((entry) => Object.entries(entry));
    expect(entries.length).toBeGreaterThan(0);

    const shaded = map(page).locator('path[data-count]:not([data-count="0"])');
    await expect.poll(() => shaded.count()).toBe(entries.length);
    const fills = await shaded.evaluateAll((paths) => paths.map((path) => getComputedStyle(path).fill));
    const emptyFill = await map(page)
      .locator('path[data-count="0"]')
      .first()
      .evaluate((path) => getComputedStyle(path).fill);
    expect(fills.every((fill) => fill !== emptyFill)).toBe(true);

    // The most active country, reached with the keyboard as a mouse would hover it.
    const [name, count] = entries[0]!;
    const country = map(page).getByRole('img', { name: new RegExp(`^${name}: `) });
    await country.focus();
    const tooltip = page.getByRole('tooltip');
    await expect
      .poll(() => tooltip.textContent())
      .toBe(`${name}${count.toLocaleString('en-US')} active ${count === 1 ? 'user' : 'users'}`);
    await screenshot(page, 'analytics-map-tooltip');
    await country.blur();

    // A mouse over a country shows it too.
    const box = await country.boundingBox();
    expect(box).not.toBeNull();
    await country.hover({ force: true });
    await tooltip.waitFor();

    // A longer range asks again and shades from the new answer.
    const longer = page.waitForResponse(isMapAnswer);
    await page.getByText('Last 12 months').click();
    const year = (await (await longer).json()) as ActiveUsers;
    const yearEntries = year.activeusers.flatMap((entry) => Object.entries(entry));
    expect(yearEntries.length).toBeGreaterThanOrEqual(entries.length);
    await expect.poll(() => shaded.count()).toBe(yearEntries.length);
    const yearCount = Object.fromEntries(yearEntries)[name];
    expect(yearCount).toBeGreaterThanOrEqual(count);
  });

  it('opens the graph monthly, switches to daily, and moves the window back but not past today', async () => {
    const page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    await page.getByRole('link', { name: 'Open the Active Users graph' }).click();
    await page.getByRole('heading', { level: 1, name: 'Active Users' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);

    await expect.poll(async () => (await graphTable(page, 'Active Users per month')).length).toBe(5);
    const monthly = await graphTable(page, 'Active Users per month');
    expect(monthly.every(([label]) => /^\d{2}-\d{4}$/.test(label))).toBe(true);
    const api = await apiGet<Graph>(page, '/admin/analytics/graph/users?type=monthly');
    expect(monthly).toEqual(api.graph.flatMap((entry) => Object.entries(entry)));
    expect(monthly.some(([, value]) => value > 0)).toBe(true);
    expect(await page.getByRole('button', { name: 'Later 5 months' }).isDisabled()).toBe(true);
    await screenshot(page, 'analytics-graph-monthly');

    await page.getByText('Daily', { exact: true }).click();
    await expect.poll(async () => (await graphTable(page, 'Active Users per day')).length).toBe(15);
    const daily = await graphTable(page, 'Active Users per day');
    expect(daily.every(([label]) => /^\d{4}-\d{2}-\d{2}$/.test(label))).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(daily.at(-1)?.[0]).toBe(today);
    const later = page.getByRole('button', { name: 'Later 15 days' });
    expect(await later.isDisabled()).toBe(true);

    const shownWindow = await page.getByTestId('graph-window').textContent();
    await page.getByRole('button', { name: 'Earlier 15 days' }).click();
    await expect.poll(() => page.getByTestId('graph-window').textContent()).not.toBe(shownWindow);
    await expect
      .poll(async () => (await graphTable(page, 'Active Users per day')).at(-1)?.[0])
      .toBe(daily[0] ? new Date(Date.parse(daily[0][0]) - 86_400_000).toISOString().slice(0, 10) : '');
    expect(await later.isDisabled()).toBe(false);
    await later.click();
    await expect.poll(async () => (await graphTable(page, 'Active Users per day')).at(-1)?.[0]).toBe(today);
    expect(await later.isDisabled()).toBe(true);
  });

  it('fits a 375 px phone, map and graph, without serious axe violations', async () => {
    const page = await openPage(375, 812);
    await signInAs(page, E2E_ACCOUNTS.admin);
    await map(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-375');

    await page.getByRole('link', { name: 'Open the Active Users graph' }).click();
    await expect.poll(async () => (await graphTable(page, 'Active Users per month')).length).toBe(5);
    await page.locator('.recharts-surface').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-graph-375');
  });
});
