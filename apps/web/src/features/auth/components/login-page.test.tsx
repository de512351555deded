import { STORAGE_KEYS } from '@roam/contract/auth';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { type FakeHandler, jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

const tokens = { access_token: 'access', refresh_token: 'refresh', expires_in: 900, token_type: 'Bearer' };

/** The sign-in calls made (the page also asks which social providers are configured). */
const signinCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/auth/signin'));

async function openLoginPage() {
  const app = renderApp('/');
  await screen.findByRole('heading', { name: 'Admin Login' });
  return app;
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('shows the title, subtitle and the link to recover a password', async () => {
    await openLoginPage();
    expect(screen.getByText('Login to your account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('requires both fields', async () => {
    const fetchMock = mockFetch({});
    await openLoginPage();

    await signIn('', '');

    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(signinCalls(fetchMock)).toEqual([]);
  });

  it("rejects an email that doesn't look like one", async () => {
    const fetchMock = mockFetch({});
    await openLoginPage();

    await signIn('not-an-email', 'secret');

    expect(await screen.findByText('Email Address is Invalid')).toBeInTheDocument();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    expect(signinCalls(fetchMock)).toEqual([]);
  });

  it('shows one message for a wrong email or password', async () => {
    const signinBodies: unknown[] = [];
    mockFetch({
      'POST /auth/signin': ({ body }) => {
        signinBodies.push(body);
        return jsonResponse(401, { statusCode: 401, error: 'INVALID_LOGIN_CREDENTIALS', message: 'Invalid' });
      },
    });
    await openLoginPage();

    await signIn('admin@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(signinBodies).toEqual([{ email: 'admin@example.com', password: 'wrong-password' }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says so when there were too many attempts', async () => {
    mockFetch({
      'POST /auth/signin': () => jsonResponse(429, { statusCode: 429, error: 'Too Many Requests' }),
    });
    await openLoginPage();

    await signIn('admin@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again later');
  });

  it.each<[string, FakeHandler]>([
    [
      'the server refuses the profile',
      () => jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'No' }),
    ],
    ['the admin is not ACTIVE', () => jsonResponse(200, makeMe({ status: 'INACTIVE' }))],
  ])('rejects someone who is not an active admin (%s) and clears local storage', async (_, meHandler) => {
    const fetchMock = mockFetch({
      'POST /auth/signin': () => jsonResponse(200, tokens),
      'GET /admin/me': meHandler,
      'POST /auth/signout': () => jsonResponse(204),
    });
    await openLoginPage();

    await signIn('user@example.com', 'Secret1!');

    expect(await screen.findByRole('alert')).toHaveTextContent('You are not Admin');
    expect(localStorage.length).toBe(0);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/auth/signout');
  });

  it('signs an admin in and goes to /analytics', async () => {
    mockFetch({
      'POST /auth/signin': () => jsonResponse(200, tokens),
      'GET /admin/me': ({ headers }) =>
        headers.get('authorization') === 'Bearer access'
          ? jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() }))
          : jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'No token' }),
      'GET /admin/analytics/allcount': () =>
        jsonResponse(200, {
          usercount: 12,
          shopcount: 0,
          rentalscount: 0,
          jobscount: 0,
          groupcount: 0,
          citycount: 0,
          cafecount: 0,
        }),
    });
    const { router } = await openLoginPage();

    await signIn('admin@example.com', 'Secret1!');

    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('refresh');
    expect(localStorage.getItem(STORAGE_KEYS.expiresIn)).toBe('900');
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
  });
});
