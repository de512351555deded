import { STORAGE_KEYS } from '@roam/contract/auth';
import { MFA_ERRORS } from '@roam/contract/mfa';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

const tokens = { access_token: 'access', refresh_token: 'refresh', expires_in: 900, token_type: 'Bearer' };

/** A server whose admin has two-factor sign-in on: the right code is 123456. */
function serveMfaAccount() {
  const verified: unknown[] = [];
  mockFetch({
    'POST /auth/signin': () => jsonResponse(200, { mfa_required: true, mfa_token: 'ticket-1' }),
    'POST /auth/mfa/verify': ({ body }) => {
      verified.push(body);
      const { code, recovery_code } = body as { code?: string; recovery_code?: string };
      if (code === '123456' || recovery_code === 'abcde-fghjk') return jsonResponse(200, tokens);
      return jsonResponse(401, {
        statusCode: 401,
        error: MFA_ERRORS.invalidCode,
        message: 'code: That code is not right (or was already used): try the next one',
      });
    },
    'GET /admin/me': () =>
      jsonResponse(
        200,
        makeMe({
          role_type: 'admin',
          permissions: fullPermissions(),
          mfa: { enabled: true, required: false },
        }),
      ),
    'GET /admin/analytics/allcount': () =>
      jsonResponse(200, {
        usercount: 1,
        shopcount: 0,
        rentalscount: 0,
        jobscount: 0,
        groupcount: 0,
        citycount: 0,
        cafecount: 0,
      }),
  });
  return verified;
}

async function passwordStep() {
  const user = userEvent.setup();
  renderApp('/');
  await screen.findByRole('heading', { name: 'Admin Login' });
  await user.type(screen.getByLabelText(/^Email/), 'admin@roam.test');
  await user.type(screen.getByLabelText(/^Password/), 'Secret@123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  return user;
}

describe('the code step of a sign-in', () => {
  it('asks for the code after the password, says when it is wrong, and signs in with the right one', async () => {
    const verified = serveMfaAccount();
    const user = await passwordStep();
    // No tokens yet: the password alone does not sign in.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    await user.type(screen.getByLabelText(/^Authentication code/), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code your authenticator app shows'),
    ).toBeInTheDocument();
    expect(verified).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Authentication code/));
    await user.type(screen.getByLabelText(/^Authentication code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('That code is not right (or was already used): try the next one'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Authentication code/));
    await user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Analytics' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');
    expect(verified.at(-1)).toEqual({ mfa_token: 'ticket-1', code: '123456' });
  });

  it('takes a recovery code instead', async () => {
    const verified = serveMfaAccount();
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Analytics' });
    expect(verified.at(-1)).toEqual({ mfa_token: 'ticket-1', recovery_code: 'abcde-fghjk' });
  });

  it('goes back to the password when the step has expired', async () => {
    mockFetch({
      'POST /auth/signin': () => jsonResponse(200, { mfa_required: true, mfa_token: 'old' }),
      'POST /auth/mfa/verify': () =>
        jsonResponse(401, {
          statusCode: 401,
          error: MFA_ERRORS.invalidMfaToken,
          message: 'This sign-in step has expired: sign in again',
        }),
    });
    const user = await passwordStep();
    await user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument());
  });
});

describe('social sign-in on the login page', () => {
  const providers = {
    providers: [
      { id: 'google', name: 'Google', configured: true },
      { id: 'facebook', name: 'Facebook', configured: false },
      { id: 'apple', name: 'Apple', configured: false },
    ],
  };

  it("shows the three buttons: a configured provider's leaves for the server, the others are disabled and say why", async () => {
    mockFetch({ 'GET /auth/oidc/providers': () => jsonResponse(200, providers) });
    renderApp('/');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/auth/oidc/google');
    const facebook = screen.getByRole('button', { name: 'Continue with Facebook' });
    expect(facebook).toBeDisabled();
    expect(facebook).toHaveAccessibleDescription('Facebook sign-in is not configured on this server');
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();
  });

  it("says 'You are not Admin' when the provider's account is not an admin", async () => {
    mockFetch({ 'GET /auth/oidc/providers': () => jsonResponse(200, providers) });
    renderApp('/?oidc_error=not_admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not Admin');
  });

  it('exchanges the one-time code the provider sent back, once, then asks for the code step when it is on', async () => {
    const exchanged: unknown[] = [];
    mockFetch({
      'GET /auth/oidc/providers': () => jsonResponse(200, providers),
      'POST /auth/oidc/exchange': ({ body }) => {
        exchanged.push(body);
        return jsonResponse(200, { mfa_required: true, mfa_token: 'ticket-2' });
      },
    });
    const { router } = renderApp('/?oidc_code=one-time');
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    expect(exchanged).toEqual([{ code: 'one-time' }]);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
