import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { baseUrl, getStoredToken, screenshot, signInAs, signInByApi, usePages } from './browser';

/** The audit log screen (DESIGN §8): a write made in the panel appears with its before and after. */
const openPage = usePages();

describe('audit log', () => {
  it('shows an edit just made, filters by area and action, and opens its before and after', async () => {
    const page = await openPage();
    await signInAs(page, E2E_ACCOUNTS.admin);
    // A write to find: a new home location for the member account (nothing else reads it).
    const place = `Harbour ${Date.now()}`;
    const body = new FormData();
    body.set('fullname', E2E_ACCOUNTS.member.fullname);
    body.set('lastname', E2E_ACCOUNTS.member.lastname);
    body.set('username', E2E_ACCOUNTS.member.username);
    body.set('homeLocation', place);
    const written = await fetch(new URL(`/admin/users/update?uid=${E2E_ACCOUNTS.member.userID}`, baseUrl()), {
      method: 'PUT',
      headers: { authorization: `Bearer ${await getStoredToken(page)}` },
      body,
    });
    expect(written.status).toBe(200);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByLabel('Area', { exact: true }).first().click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await page.getByLabel('Action', { exact: true }).first().click();
    await page.getByRole('option', { name: 'update', exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('action') === 'update' && url.searchParams.get('entity') === 'users',
    );
    const row = page.locator('tbody tr').first();
    await row.getByText('update').waitFor();
    expect(await row.textContent()).toContain(E2E_ACCOUNTS.admin.username);
    await row.getByRole('button', { name: 'View changes' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(place).waitFor();
    await screenshot(page, 'audit-changes');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });

  it('is not offered to a sub-admin', async () => {
    const page = await openPage(375);
    await signInByApi(page, E2E_ACCOUNTS.sub);
    await page.goto('/audit');
    await page.getByText('You dont have access').waitFor();
  });
});
