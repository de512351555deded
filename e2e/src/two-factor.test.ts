import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { screenshot, signInAs, submitLogin, usePages, waitForToast } from './browser';

/**
 * Two-factor sign-in as an admin sets it up: the key shown on My Account read by an authenticator
 * (here: otpauth computing the code from it), the first code, the recovery codes, then a sign-in
 * that asks for a code, one with a recovery code, and turning it off.
 */
const openPage = usePages();
const account = E2E_ACCOUNTS.twoFactor;

/** The code an authenticator app shows for the key, `stepsAhead` periods from now. */
const codeOf = (key: string, stepsAhead = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(key),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepsAhead * 30_000,
  });

const section = (page: Page) => page.getByRole('region', { name: 'Two-factor sign-in' });

async function signOutAndIn(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await submitLogin(page, account);
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
}

/**
 * Holds the page's realtime sign-in (socket.io's CONNECT packet, which carries the access token)
 * until `release()`; `connectedAgain` is the server accepting a later one.
 */
async function holdRealtimeSignIn(page: Page) {
  let release = () => {};
  let onHeld = () => {};
  let onConnectedAgain = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const connectedAgain = new Promise<void>((resolve) => {
    onConnectedAgain = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let connects = 0;
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      if (String(message).startsWith('40')) {
        connects += 1;
        if (connects === 1) {
          onHeld();
          void released.then(() => server.send(message));
          return;
        }
      }
      server.send(message);
    });
    server.onMessage((message) => {
      // "40{sid}": the server accepted a CONNECT; the held first one is refused ("44{…}").
      if (connects > 1 && String(message).startsWith('40{"sid"')) onConnectedAgain();
      socket.send(message);
    });
  });
  return { held, release, connectedAgain };
}

describe('two-factor sign-in', () => {
  it('is set up from My Account with a code computed from the shown key, then asked for at every sign-in', async () => {
    const page = await openPage(1280, 900);
    await signInAs(page, account);
    await page.goto('/account');
    await section(page).getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await dialog.getByRole('img', { name: /QR code/ }).waitFor();
    const key = ((await dialog.getByLabel('Key').textContent()) ?? '').replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'two-factor-setup', { fullPage: false });

    await dialog.getByLabel(/^Code from the app/).fill(codeOf(key));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    const recovery = await codes.allTextContents();
    expect(recovery).toHaveLength(10);
    await screenshot(page, 'two-factor-recovery-codes', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await section(page).getByText('On', { exact: true }).waitFor();

    // The password alone no longer signs in: the code comes next (the next step's: a code works once).
    await signOutAndIn(page);
    await screenshot(page, 'two-factor-code-step');
    await page.getByLabel(/^Authentication code/).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await page.getByLabel(/^Authentication code/).fill(codeOf(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/analytics');

    // A recovery code works once.
    await signOutAndIn(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel(/^Recovery code/).fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/analytics');

    // Turned off with another recovery code, while the realtime connection signs in with the old
    // token: the server has ended the session behind it, so its handshake and then its refresh are
    // refused before the page reads the new tokens the change answered. The page waits for them and
    // stays signed in, its connection made again with the new token.
    const realtime = await holdRealtimeSignIn(page);
    await page.goto('/account');
    await realtime.held;
    await section(page).getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await off.getByLabel(/^Code or recovery code/).fill(recovery[1]!);
    await page.route('**/auth/mfa', async (route) => {
      const answer = await route.fetch();
      const refreshRefused = page.waitForResponse((response) => response.url().endsWith('/auth/token'));
      realtime.release();
      expect((await refreshRefused).status()).toBe(400);
      await route.fulfill({ response: answer });
    });
    await off.getByRole('button', { name: 'Turn off' }).click();
    expect(await waitForToast(page, 'Two-factor sign-in is off')).toBe('success');
    await section(page).getByText('Off', { exact: true }).waitFor();
    await realtime.connectedAgain;
    await page.unroute('**/auth/mfa');
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInAs(page, account);
  });
});
