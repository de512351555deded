import { MESSAGES } from '@roam/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import {
  baseUrl,
  describedBy,
  expectNoCspViolations,
  launchBrowser,
  loginForm,
  newPage,
  pathOf,
  screenshot,
  signInAs,
  submitLogin,
  waitForPath,
  waitForToast,
} from './browser';
import { listMails, waitForMail } from './outbox';

let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const page of pages.splice(0)) {
    expectNoCspViolations(page);
    await page.context().close();
  }
});

async function open(width?: number) {
  const page = await newPage(browser, width);
  pages.push(page);
  return page;
}

const account = E2E_ACCOUNTS.resetter;
const NEW_PASSWORD = 'Renewed@2026';

function resetForm(page: Page) {
  return {
    password: page.getByLabel(/^New Password/),
    confirm: page.getByLabel(/^Confirm Password/),
    submit: page.getByRole('button', { name: 'Reset Password' }),
  };
}

describe('forgot password', () => {
  it('checks the email it is given', async () => {
    const page = await open();
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await screenshot(page, 'forgot-password');

    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(MESSAGES.emailInvalid).waitFor();
    expect(pathOf(page)).toBe('/forgot-password');
    await screenshot(page, 'forgot-password-bad-email');

    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await waitForPath(page, '/');
    await loginForm(page).heading.waitFor();
  });

  it('mails a reset link that sets a new password once', async () => {
    const page = await open();
    const before = listMails();
    await page.goto('/forgot-password');
    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    expect(await waitForToast(page, MESSAGES.resetMailSent)).toBe('success');
    await waitForPath(page, '/');
    await loginForm(page).heading.waitFor();
    await screenshot(page, 'forgot-password-sent');

    // The mail: to the account, with a link to the panel's reset page.
    const mail = await waitForMail(account.email, before);
    const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0];
    expect(link, `a reset link in ${mail.file}:\n${mail.text}`).toBeTruthy();
    const url = new URL(link!);
    expect(url.origin).toBe(baseUrl());
    expect(url.searchParams.get('mode')).toBe('resetPassword');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('oobCode')).toBeTruthy();

    await page.goto(link!);
    await page.getByText(`Choose a new password for ${account.email}`).waitFor();
    await screenshot(page, 'reset-password');
    const form = resetForm(page);

    // Each rule of the policy, in order, under the field.
    for (const [weak, message] of [
      ['lowercase1!', MESSAGES.passwordCapital],
      ['Uppercase!', MESSAGES.passwordDigit],
      ['Uppercase1', MESSAGES.passwordSpecial],
      ['Up1!', MESSAGES.passwordTooShort],
    ] as const) {
      await form.password.fill(weak);
      await form.confirm.fill(weak);
      await form.submit.click();
      await page.getByText(message).waitFor();
      expect(await describedBy(form.password)).toBe(message);
    }
    await screenshot(page, 'reset-password-weak');

    await form.password.fill(NEW_PASSWORD);
    await form.confirm.fill(`${NEW_PASSWORD}x`);
    await form.submit.click();
    await page.getByText(MESSAGES.passwordsMustMatch).waitFor();
    expect(await describedBy(form.confirm)).toBe(MESSAGES.passwordsMustMatch);
    expect(await describedBy(form.password)).toBe('');
    expect(pathOf(page)).toBe('/reset-password');
    await screenshot(page, 'reset-password-mismatch');

    await form.confirm.fill(NEW_PASSWORD);
    await form.submit.click();
    await waitForPath(page, '/');
    expect(await waitForToast(page, MESSAGES.passwordReset)).toBe('success');
    await loginForm(page).heading.waitFor();
    await screenshot(page, 'reset-password-done');

    // The old password no longer works; the new one does.
    await submitLogin(page, account);
    await page.getByRole('alert').filter({ hasText: MESSAGES.loginFailed }).waitFor();
    expect(pathOf(page)).toBe('/');
    await signInAs(page, { email: account.email, password: NEW_PASSWORD });

    // The link works once.
    const again = await open();
    await again.goto(link!);
    await again.getByRole('alert').filter({ hasText: MESSAGES.resetLinkInvalid }).waitFor();
    expect(await resetForm(again).password.count()).toBe(0);
    expect(await again.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await screenshot(again, 'reset-password-used-link');
  });

  it('confirms the same way for an email that has no account', async () => {
    const page = await open();
    const before = listMails();
    await page.goto('/forgot-password');
    await page.getByLabel(/^Email/).fill('nobody.here@roam.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    expect(await waitForToast(page, MESSAGES.resetMailSent)).toBe('success');
    await waitForPath(page, '/');
    expect(listMails().filter((file) => !before.includes(file))).toEqual([]);
  });
});
