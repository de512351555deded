import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, usePages } from './browser';

/**
 * Social sign-in in the browser against the real OpenID Connect provider the test server is
 * configured with (the Google slot): its own login and consent pages, then back in the panel.
 */
const openPage = usePages();

/** Clicks the Google button and signs in at the provider as `login`. */
async function signInWithProvider(page: Page, login: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  const loginField = page.locator('input[name="login"]');
  await loginField.waitFor();
  await loginField.fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').first().click();
  // The provider asks once to share the email with the panel.
  await page.locator('button[type="submit"]').first().click();
}

describe('social sign-in', () => {
  it('shows the three buttons, the unconfigured ones disabled', async () => {
    const page = await openPage(375, 812);
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Facebook' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue with Apple' }).isDisabled()).toBe(true);
    await screenshot(page, 'login-social-375');
  });

  it('signs an admin in through the provider, with no token in any URL', async () => {
    const page = await openPage();
    const urls: string[] = [];
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    await signInWithProvider(page, 'e2e-admin');
    await page.waitForURL('**/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    expect(urls.some((url) => /access_token|refresh_token/.test(url))).toBe(false);
    // The one-time code was taken out of the address bar.
    expect(urls.at(-1)).not.toContain('oidc_code');
  });

  it("refuses an account that is not an admin with 'You are not Admin'", async () => {
    const page = await openPage();
    await signInWithProvider(page, 'e2e-member');
    await page.getByRole('alert').filter({ hasText: 'You are not Admin' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
