import { MESSAGES } from '@roam/contract/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { pathOf, screenshot, signInAs, submitLogin, usePages, waitForPath, waitForToast } from './browser';

let page: Page;
const openPage = usePages();

// Only this file uses the editor account, so changing its password affects no other test.
const account = E2E_ACCOUNTS.editor;
const NEW_PASSWORD = 'Changed@2026';

function changeForm(page: Page) {
  return {
    current: page.getByLabel(/^Current Password/),
    next: page.getByLabel(/^New Password/),
    confirm: page.getByLabel(/^Confirm Password/),
    submit: page.getByRole('button', { name: 'Change Password' }),
  };
}

type Field = keyof ReturnType<typeof changeForm>;

/** The message shown under a field, and its level (info or error). */
async function fieldMessage(page: Page, field: Field, message: string) {
  const input = changeForm(page)[field];
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const text = page.getByText(message, { exact: true });
  await text.waitFor();
  expect(await input.getAttribute('aria-describedby')).toContain(await text.getAttribute('id'));
  return text.getAttribute('data-level');
}

async function submitChange(page: Page, current: string, next: string, confirm: string) {
  const form = changeForm(page);
  await form.current.fill(current);
  await form.next.fill(next);
  await form.confirm.fill(confirm);
  await form.submit.click();
}

describe('change password', () => {
  it('asks for all three fields', async () => {
    page = await openPage();
    await signInAs(page, account);
    await page.goto('/change-password');
    await submitChange(page, account.password, '', '');
    expect(await fieldMessage(page, 'next', MESSAGES.required)).toBe('error');
  });

  it("checks the spec's rules in order, then changes the password", async () => {
    page = await openPage();
    await signInAs(page, account);
    await page.getByRole('link', { name: `My account: ${account.username}` }).click();
    await waitForPath(page, '/account');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await waitForPath(page, '/change-password');
    await page.getByRole('heading', { level: 1, name: 'Change Password' }).waitFor();
    await screenshot(page, 'change-password');

    // Each case breaks one rule and every rule after it, so only the order picks the message. It
    // is told under the field it is about, in place of the previous one (no stack of toasts).
    const cases: [string, [string, string, string], Field, string, string][] = [
      ['same', [account.password, account.password, 'different'], 'next', MESSAGES.samePassword, 'info'],
      ['mismatch', [account.password, 'weak', 'weaker'], 'confirm', MESSAGES.confirmMismatch, 'error'],
      ['weak', [account.password, 'weakpass', 'weakpass'], 'next', MESSAGES.weakPassword, 'info'],
      [
        'wrong-current',
        ['Wrong@2026', NEW_PASSWORD, NEW_PASSWORD],
        'current',
        MESSAGES.incorrectPassword,
        'error',
      ],
    ];
    let previous: string | undefined;
    for (const [name, [current, next, confirm], field, message, level] of cases) {
      await submitChange(page, current, next, confirm);
      expect(await fieldMessage(page, field, message), message).toBe(level);
      if (previous) expect(await page.getByText(previous, { exact: true }).count()).toBe(0);
      previous = message;
      await screenshot(page, `change-password-${name}`);
    }
    expect(pathOf(page)).toBe('/change-password');

    await submitChange(page, account.password, NEW_PASSWORD, NEW_PASSWORD);
    expect(await waitForToast(page, MESSAGES.passwordUpdated)).toBe('success');
    const form = changeForm(page);
    for (const field of [form.current, form.next, form.confirm]) expect(await field.inputValue()).toBe('');
    await screenshot(page, 'change-password-done');

    // The session goes on with the tokens the change handed back.
    await page.getByRole('link', { name: `My account: ${account.username}` }).click();
    await waitForPath(page, '/account');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');

    // Next sign-in: the old password is refused, the new one is taken.
    await submitLogin(page, account);
    await page.getByRole('alert').filter({ hasText: MESSAGES.loginFailed }).waitFor();
    await signInAs(page, { email: account.email, password: NEW_PASSWORD });
  });
});
