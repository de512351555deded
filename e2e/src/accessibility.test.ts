import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { loginForm, screenshot, signInAs, usePages, waitForPath } from './browser';

let page: Page;
const openPage = usePages();

/** The serious and critical axe violations on the page as it is now, one line per offending node. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} (${violation.help})`,
      ),
    );
}

describe('accessibility (axe: no serious or critical violations)', () => {
  it('on the sign-in page, empty and with errors', async () => {
    page = await openPage();
    await page.goto('/');
    const form = loginForm(page);
    await form.heading.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await form.submit.click();
    await page.getByText('This field is required').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('on the forgot-password and reset-password pages', async () => {
    page = await openPage();
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/reset-password?mode=resetPassword&oobCode=not-a-code&lang=en');
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reset-password-bad-link');
  });

  it('on the analytics, account and change-password pages', async () => {
    page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    // Counters loaded (no loading placeholders left).
    const lastCounter = page.getByRole('main').getByText('Cafes', { exact: true }).locator('..');
    await expect.poll(() => lastCounter.textContent()).toMatch(/\d$/);
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

  it('on the analytics page with the drawer open on a 375 px screen', async () => {
    page = await openPage(375, 740);
    await signInAs(page, E2E_ACCOUNTS.admin);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Group' })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
