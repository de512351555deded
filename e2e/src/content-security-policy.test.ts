import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import {
  getCspViolations,
  launchBrowser,
  loginForm,
  newPage,
  screenshot,
  signInAs,
  waitForPath,
} from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(run: (page: Page) => Promise<void>, width?: number): Promise<Page> {
  const page = await newPage(browser, width);
  try {
    await run(page);
  } finally {
    await page.context().close();
  }
  return page;
}

describe('Content-Security-Policy', () => {
  it("is strict: scripts from self and the page's own by hash, styles by nonce, no inline allowance", async () => {
    await withPage(async (page) => {
      const response = await page.goto('/');
      const policy = (await response!.headerValue('content-security-policy')) ?? '';
      const directive = (name: string) =>
        policy
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `)) ?? '';
      // Scripts from 'self', and the page's one inline script (it runs before the first paint) by
      // its hash; no host or inline allowance.
      const inlineScripts = await page.evaluate(() =>
        Array.from(document.querySelectorAll('script:not([src])'), (script) => script.textContent ?? ''),
      );
      expect(inlineScripts).toHaveLength(1);
      const hash = createHash('sha256').update(inlineScripts[0]!).digest('base64');
      expect(directive('script-src')).toBe(`script-src 'self' 'sha256-${hash}'`);
      expect(directive('style-src')).toMatch(/^style-src 'self' 'nonce-[^']+'$/);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      // The page hands the same nonce to the style tags it injects.
      const nonce = /'nonce-([^']+)'/.exec(directive('style-src'))![1];
      await loginForm(page).heading.waitFor();
      const styleNonces = await page.evaluate(() =>
        Array.from(document.querySelectorAll('style'), (style) => style.nonce),
      );
      expect(styleNonces.length).toBeGreaterThan(0);
      expect(new Set(styleNonces)).toEqual(new Set([nonce]));
    });
  });

  it('reports nothing on the pages a visitor and an admin go through', async () => {
    const page = await withPage(async (page) => {
      await page.goto('/');
      await loginForm(page).submit.click();
      await page.getByText('This field is required').first().waitFor();
      await page.getByRole('link', { name: 'Forgot Password?' }).click();
      await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
      await page.goto('/reset-password?mode=resetPassword&oobCode=unknown&lang=en');
      await page.getByRole('link', { name: 'Request a new link' }).waitFor();

      await signInAs(page, E2E_ACCOUNTS.admin);
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      for (const [entry, title] of [
        ['User', 'Users'],
        ['Rentals', 'Rental'],
        ['Group', 'Groups'],
        ['Analytics', 'Analytics'],
      ]) {
        await navigation.getByRole('link', { name: entry, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      }
      await page.getByRole('link', { name: `My account: ${E2E_ACCOUNTS.admin.username}` }).click();
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('link', { name: 'Change Password' }).click();
      await waitForPath(page, '/change-password');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('alert').filter({ hasText: 'This field is required' }).waitFor();
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, 'not-found');
    });
    expect(getCspViolations(page)).toEqual([]);
  });

  it('reports nothing on the API reference (/docs)', async () => {
    const page = await withPage(async (page) => {
      await page.goto('/docs');
      await page.getByRole('heading', { name: /Roam Admin API/ }).waitFor();
      await page.getByText('/admin/me').first().waitFor();
      await screenshot(page, 'api-docs');
    });
    expect(getCspViolations(page)).toEqual([]);
  });

  it('the watch does catch a violation (an inline style without the nonce)', async () => {
    const page = await withPage(async (page) => {
      await page.goto('/');
      await loginForm(page).heading.waitFor();
      await page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = 'body { outline: 1px solid red; }';
        document.head.append(style);
      });
      await expect.poll(() => getCspViolations(page).length).toBeGreaterThan(0);
    });
    expect(getCspViolations(page).join('\n')).toMatch(/Content Security Policy/);
  });
});
